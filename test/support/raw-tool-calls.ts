// Tool calls counted straight from an agent's own files, per tool name: what tool insights are held
// to. Deliberately independent of lib/: plain JSON parsing and SQL over the agent's database.
import { pathToFileURL } from 'node:url';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export interface RawToolCalls {
  calls: number;
  /** Calls that failed (what the agent recorded as an error or a failed result). */
  errors: number;
}
export type RawByTool = Map<string, RawToolCalls>;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function add(into: RawByTool, tool: string, failed: boolean): void {
  const t = into.get(tool) ?? { calls: 0, errors: 0 };
  t.calls++;
  if (failed) t.errors++;
  into.set(tool, t);
}

function filesUnder(dir: string, ext: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => file.endsWith(ext) && statSync(file).isFile());
}

function jsonl(file: string): Json[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line) => {
      try {
        return line.trim() ? [obj(JSON.parse(line))] : [];
      } catch {
        return [];
      }
    });
}

/** OpenCode's database: tool parts of messages that exist (a deleted message's parts can stay behind), as `opencode stats` counts them. */
export function opencodeDbCalls(dbPath: string): RawByTool {
  // Immutable: a read-only open of a WAL database writes its -shm beside the committed fixture.
  const db = new Database(`${pathToFileURL(dbPath).href}?immutable=1`, { readonly: true, fileMustExist: true });
  try {
    const out: RawByTool = new Map();
    const rows = db.prepare('SELECT p.data FROM part p JOIN message m ON m.id = p.message_id JOIN session s ON s.id = m.session_id').pluck().all() as string[];
    for (const data of rows) {
      const part = obj(JSON.parse(data));
      if (part.type === 'tool') add(out, String(part.tool), obj(part.state).status === 'error');
    }
    return out;
  } finally {
    db.close();
  }
}

/** OpenCode's JSON tree: `storage/part/<message>/<part>.json` of messages that have a file. */
export function opencodeTreeCalls(storage: string, skipSessions: ReadonlySet<string> = new Set()): RawByTool {
  const out: RawByTool = new Map();
  const messages = new Set(filesUnder(path.join(storage, 'message'), '.json').map((f) => path.basename(f, '.json')));
  for (const file of filesUnder(path.join(storage, 'part'), '.json')) {
    const part = obj(JSON.parse(readFileSync(file, 'utf8')));
    if (part.type !== 'tool' || !messages.has(String(part.messageID)) || skipSessions.has(String(part.sessionID))) continue;
    add(out, String(part.tool), obj(part.state).status === 'error');
  }
  return out;
}

/** Claude Code: each `tool_use` block once (a response's lines repeat it), failed when its `tool_result` says `is_error`. */
export function claudeCalls(projects: string): RawByTool {
  const uses = new Map<string, string>();
  const failed = new Set<string>();
  for (const file of filesUnder(projects, '.jsonl')) {
    for (const line of jsonl(file)) {
      for (const block of list(obj(line.message).content).map(obj)) {
        if (block.type === 'tool_use') uses.set(`${file}\n${String(block.id)}`, String(block.name));
        if (block.type === 'tool_result' && block.is_error === true) failed.add(`${file}\n${String(block.tool_use_id)}`);
      }
    }
  }
  const out: RawByTool = new Map();
  for (const [key, tool] of uses) add(out, tool, failed.has(key));
  return out;
}

/** pi and oh-my-pi: `toolCall` blocks of assistant messages, failed when their `toolResult` says `isError`. */
export function piCalls(sessions: string): RawByTool {
  const out: RawByTool = new Map();
  for (const file of filesUnder(sessions, '.jsonl')) {
    const calls = new Map<string, string>();
    const failed = new Set<string>();
    for (const line of jsonl(file)) {
      const message = obj(line.message);
      if (line.type !== 'message') continue;
      if (message.role === 'assistant') for (const block of list(message.content).map(obj)) if (block.type === 'toolCall') calls.set(String(block.id), String(block.name));
      if (message.role === 'toolResult' && message.isError === true) failed.add(String(message.toolCallId));
    }
    for (const [id, tool] of calls) add(out, tool, failed.has(id));
  }
  return out;
}

export function totalOf(byTool: RawByTool): RawToolCalls {
  let calls = 0;
  let errors = 0;
  for (const t of byTool.values()) {
    calls += t.calls;
    errors += t.errors;
  }
  return { calls, errors };
}
