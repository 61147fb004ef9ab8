// Time to first token computed straight from an agent's own files, reply by reply, as the README
// defines it per source: what the readers' `ttft` is held to. Independent of lib/: plain JSON and SQL.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';

/** One reply's time to first token: `model (ms)`, sorted, so that lists compare as multisets. */
export type RawTtfts = string[];
export const ttftEntry = (model: string, ms: number): string => `${model} ${ms}`;

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function filesUnder(dir: string, ext: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => file.endsWith(ext) && statSync(file).isFile());
}

/**
 * Claude Code: from the request (the last `api-request` line before the reply, or the last user
 * line where the transcript writes none) to the reply's first line. A response written over several
 * lines counts once; the client's own error replies and a fork's copies of its original's replies not.
 */
export function claudeTtfts(root: string): RawTtfts {
  const out: RawTtfts = [];
  for (const file of filesUnder(root, '.jsonl')) {
    let requestAt: number | undefined;
    const seen = new Set<string>();
    for (const text of readFileSync(file, 'utf8').split('\n')) {
      if (!text.trim()) continue;
      const line = obj(JSON.parse(text));
      const at = str(line.timestamp) ? Date.parse(line.timestamp as string) : undefined;
      if (line.type === 'user' || line.type === 'api-request') requestAt = at ?? requestAt;
      if (line.type !== 'assistant') continue;
      const message = obj(line.message);
      const key = str(message.id) && str(line.requestId) ? `${message.id as string}/${line.requestId as string}` : `uuid:${str(line.uuid) ?? ''}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const start = requestAt;
      requestAt = undefined;
      const copied = str(line.requestSessionId) !== undefined && line.requestSessionId !== line.sessionId;
      const model = str(message.model);
      if (copied || line.isApiErrorMessage === true || !model || model === '<synthetic>') continue;
      if (start !== undefined && at !== undefined && at >= start) out.push(ttftEntry(model, at - start));
    }
  }
  return out.sort();
}

interface OpenCodePart {
  type?: string;
  time?: { start?: number };
  state?: { time?: { start?: number } };
}

/** When an OpenCode output part (text, reasoning, a tool call) may have begun: its own start, its tool run's start and its row's creation. */
function partStart(part: OpenCodePart, rowCreated: number | undefined): number[] {
  if (part.type !== 'text' && part.type !== 'reasoning' && part.type !== 'tool') return [];
  return [part.time?.start, part.state?.time?.start, rowCreated].filter((t): t is number => t !== undefined && num(t) !== undefined && t > 0);
}

/** The earliest output time at or after the reply's creation (an earlier one is no output of it). */
function openCodeTtft(message: Json, starts: readonly number[]): string | undefined {
  const created = num(obj(message.time).created);
  const model = str(message.modelID) ?? str(obj(message.model).modelID);
  if (message.role !== 'assistant' || created === undefined || !model) return undefined;
  const after = starts.filter((t) => t >= created);
  return after.length > 0 ? ttftEntry(model, Math.min(...after) - created) : undefined;
}

/** OpenCode's database: from the assistant message's creation to the start of its first text, reasoning or tool part. */
export function opencodeDbTtfts(file: string): RawTtfts {
  const db = new Database(`${pathToFileURL(file).href}?immutable=1`, { readonly: true });
  try {
    const starts = new Map<string, number[]>();
    for (const row of db.prepare('SELECT message_id, time_created, data FROM part').all() as { message_id: string; time_created: number; data: string }[]) {
      starts.set(row.message_id, [...(starts.get(row.message_id) ?? []), ...partStart(JSON.parse(row.data) as OpenCodePart, row.time_created)]);
    }
    const out: RawTtfts = [];
    for (const row of db.prepare('SELECT id, data FROM message').all() as { id: string; data: string }[]) {
      const entry = openCodeTtft(obj(JSON.parse(row.data)), starts.get(row.id) ?? []);
      if (entry) out.push(entry);
    }
    return out.sort();
  } finally {
    db.close();
  }
}

/** OpenCode's JSON tree (`storage/`): the same, without row times. */
export function opencodeTreeTtfts(storage: string, skipSessions: ReadonlySet<string> = new Set()): RawTtfts {
  const out: RawTtfts = [];
  for (const file of filesUnder(path.join(storage, 'message'), '.json')) {
    const message = obj(JSON.parse(readFileSync(file, 'utf8')));
    if (skipSessions.has(str(message.sessionID) ?? '')) continue;
    const partDir = path.join(storage, 'part', str(message.id) ?? '');
    const parts = statSync(partDir, { throwIfNoEntry: false })?.isDirectory() ? filesUnder(partDir, '.json') : [];
    const entry = openCodeTtft(message, parts.flatMap((p) => partStart(JSON.parse(readFileSync(p, 'utf8')) as OpenCodePart, undefined)));
    if (entry) out.push(entry);
  }
  return out.sort();
}
