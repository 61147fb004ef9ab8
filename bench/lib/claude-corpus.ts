// A year of Claude Code history made from the real transcripts Claude Code 2.1.328 wrote for the
// test fixtures: each session is one of them repeated `repeat` times over, every id made unique
// (uuids, message, request and tool ids) and its days spread over the past year. Forked
// transcripts are left out: they name their original session, which a copy would not have.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './server';

const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'claude-2.1.328', 'projects');
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const IDS = /\b(msg_|req_|toolu_)[A-Za-z0-9]+/g;
const FIXTURE_DAY = '"2026-11-22T';

/** A deterministic uuid-shaped id from a counter. */
function uuidOf(n: number): string {
  const hex = n.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function templates(): string[] {
  const out: string[] = [];
  for (const project of readdirSync(FIXTURE)) {
    for (const name of readdirSync(path.join(FIXTURE, project))) {
      if (!name.endsWith('.jsonl')) continue;
      const text = readFileSync(path.join(FIXTURE, project, name), 'utf8');
      if (!text.includes('"requestSessionId"') && text.includes('"type":"assistant"')) out.push(text);
    }
  }
  return out;
}

export interface ClaudeCorpus {
  /** The `projects` folder (`CLAUDE_CONFIG_DIR` is its parent). */
  projectsDir: string;
  bytes: number;
  files: number;
}

export function generateClaudeCorpus(options: { out: string; sessions: number; projects: number; repeat: number; now?: Date }): ClaudeCorpus {
  const projectsDir = path.join(options.out, 'projects');
  const texts = templates();
  if (texts.length === 0) throw new Error(`no usable transcripts in ${FIXTURE}`);
  const today = options.now ?? new Date();
  let counter = 1;
  let bytes = 0;
  for (let s = 0; s < options.sessions; s++) {
    const project = path.join(projectsDir, `-home-user-work-project-${s % options.projects}`);
    mkdirSync(project, { recursive: true });
    const sessionID = uuidOf(counter++);
    // From yesterday back: a fixture's time of day on today's date could lie in the future.
    const day = new Date(today.getTime() - ((s % 365) + 1) * 86_400_000).toISOString().slice(0, 10);
    const template = texts[s % texts.length] as string;
    const copies: string[] = [];
    for (let r = 0; r < options.repeat; r++) {
      const ids = new Map<string, string>();
      copies.push(
        template
          .replace(UUID, (id) => ids.get(id) ?? (ids.set(id, uuidOf(counter++)), ids.get(id) as string))
          .replace(IDS, (id) => `${id}x${s}r${r}`),
      );
    }
    const body = copies
      .join('')
      .replace(/"sessionId":"[^"]+"/g, `"sessionId":"${sessionID}"`)
      .replaceAll(FIXTURE_DAY, `"${day}T`);
    writeFileSync(path.join(project, `${sessionID}.jsonl`), body);
    bytes += Buffer.byteLength(body);
  }
  return { projectsDir, bytes, files: options.sessions };
}
