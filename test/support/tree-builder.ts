import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Writes an OpenCode JSON tree (`storage/`) record by record, for reader tests. */
export class TreeBuilder {
  readonly dataDir: string;
  readonly storage: string;
  constructor(dataDir?: string) {
    this.dataDir = dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'sessionscope-tree-'));
    this.storage = path.join(this.dataDir, 'storage');
  }
  write(rel: string, content: unknown): string {
    const file = path.join(this.storage, rel);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content, null, 2));
    return file;
  }
  project(id: string, worktree = `/work/${id}`): string {
    return this.write(`project/${id}.json`, { id, worktree, vcs: 'git', time: { created: 1_700_000_000_000 } });
  }
  session(projectID: string, id: string, extra: Record<string, unknown> = {}): string {
    return this.write(`session/${projectID}/${id}.json`, {
      id, projectID, directory: `/work/${projectID}`, title: `Session ${id}`, version: '1.1.65',
      time: { created: 1_780_000_000_000, updated: 1_780_000_100_000 }, ...extra,
    });
  }
  message(sessionID: string, id: string, extra: Record<string, unknown> = {}): string {
    return this.write(`message/${sessionID}/${id}.json`, { id, sessionID, role: 'user', time: { created: 1_780_000_001_000 }, agent: 'build', ...extra });
  }
  assistant(sessionID: string, id: string, parentID: string, extra: Record<string, unknown> = {}): string {
    return this.message(sessionID, id, {
      role: 'assistant', parentID, modelID: 'm1', providerID: 'p1', mode: 'build',
      time: { created: 1_780_000_002_000, completed: 1_780_000_003_000 }, cost: 0.01,
      tokens: { input: 100, output: 20, reasoning: 5, cache: { read: 50, write: 10 } }, finish: 'stop', ...extra,
    });
  }
  part(sessionID: string, messageID: string, id: string, body: Record<string, unknown>): string {
    return this.write(`part/${messageID}/${id}.json`, { id, sessionID, messageID, ...body });
  }
}
