import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GeminiReader } from './gemini-reader';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const cwd = '/home/me/old-project';
const hash = createHash('sha256').update(cwd).digest('hex');
const legacy = {
  sessionId: 'legacy-1',
  projectHash: hash,
  startTime: '2025-12-01T10:00:00.000Z',
  lastUpdated: '2025-12-01T10:05:00.000Z',
  messages: [
    { id: 'u1', timestamp: '2025-12-01T10:00:01.000Z', type: 'user', content: 'Explain the build.' },
    { id: 'g1', timestamp: '2025-12-01T10:00:05.000Z', type: 'gemini', content: 'It uses make.', tokens: { input: 1200, output: 40, cached: 200, thoughts: 10, tool: 0, total: 1250 }, model: 'gemini-2.5-pro' },
  ],
  summary: 'Build explained',
};

function root(): { dir: string; chats: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-gemini-legacy-'));
  temps.push(dir);
  const chats = path.join(dir, 'tmp', hash, 'chats');
  mkdirSync(chats, { recursive: true });
  writeFileSync(path.join(dir, 'projects.json'), JSON.stringify({ projects: { [cwd]: 'old-project' } }));
  return { dir, chats };
}

describe('Gemini CLI chats of the versions before JSONL', () => {
  it('a session-*.json document in a folder named by its directory\'s sha256: its messages, tokens and directory', async () => {
    const { dir, chats } = root();
    writeFileSync(path.join(chats, 'session-2025-12-01T10-00-legacy1.json'), JSON.stringify(legacy));
    const cs = await new GeminiReader(dir).readAll();
    expect(cs.sessions).toEqual([expect.objectContaining({ id: 'legacy-1', source: 'gemini', directory: cwd, title: 'Explain the build.' })]);
    expect(cs.messages.map((m) => [m.role, m.modelID, m.tokens.input, m.tokens.cacheRead, m.tokens.output, m.tokens.reasoning])).toEqual([
      ['user', undefined, 0, 0, 0, 0],
      ['assistant', 'gemini-2.5-pro', 1000, 200, 40, 10],
    ]);
    expect(cs.issues).toEqual([]);
  });

  it('converted to .jsonl on a resume: the .jsonl of the same name holds the session, the .json is not read twice', async () => {
    const { dir, chats } = root();
    writeFileSync(path.join(chats, 'session-a.json'), JSON.stringify(legacy));
    const { messages, ...header } = legacy;
    writeFileSync(path.join(chats, 'session-a.jsonl'), `${[{ ...header, kind: 'main' }, ...messages].map((r) => JSON.stringify(r)).join('\n')}\n`);
    const cs = await new GeminiReader(dir).readAll();
    expect(cs.sessions.map((s) => s.origin)).toEqual([path.join(chats, 'session-a.jsonl')]);
  });

  it('a half-written document is one issue, not a session', async () => {
    const { dir, chats } = root();
    writeFileSync(path.join(chats, 'session-b.json'), JSON.stringify(legacy).slice(0, 100));
    const cs = await new GeminiReader(dir).readAll();
    expect(cs.sessions).toEqual([]);
    expect(cs.issues.map((i) => i.reason)).toEqual(['line 1: invalid JSON']);
  });
});
