import type { MessageInfo } from '@/lib/model/message';
import { shareMessageStrings } from '@/lib/model/shared-strings';
import type { Row } from '../sqlite-queries';
import type { StreamReply } from '@/lib/server/workers/worker-stream';
import { fastMessageFromRow } from '../sqlite-rows';

/**
 * A chunk of message rows the scan worker read and reshaped, in columns: typed arrays and a string
 * table cost the main thread a fraction of what parsing the rows (or structured-cloning objects) does.
 * Rows the fast path did not take travel as they are (`rows`), for the main thread's schema path.
 */
export interface ScannedMessages {
  count: number;
  ids: string[];
  /** `_rowid` and `_updated` of each row. */
  rowids: Float64Array;
  updated: (number | null)[];
  /** Indexes into `strings` (-1: none). */
  session: Int32Array;
  parent: (string | null)[];
  agent: Int32Array;
  mode: Int32Array;
  provider: Int32Array;
  model: Int32Array;
  finish: Int32Array;
  strings: string[];
  /** 1 user, 2 assistant (+4 when `summary`). */
  flags: Uint8Array;
  /** created, completed (NaN: none), cost, input, output, reasoning, cacheRead, cacheWrite. */
  numbers: Float64Array;
  rows: Row[];
}

const NUMBERS = 8;

/** Reshapes a chunk of message rows into columns (in the worker). */
export function encodeMessages(rows: readonly Row[]): ScannedMessages {
  const taken: Encodable[] = [];
  const rest: Row[] = [];
  for (const row of rows) {
    // The worker keeps the fast path only: anything the schema path has to decide goes back as a row.
    const message = fastMessageFromRow(row);
    if (message) taken.push({ message, rowid: Number(row._rowid ?? 0), updated: typeof row._updated === 'number' ? row._updated : null });
    else rest.push(row);
  }
  return encodeMessageInfos(taken, rest);
}

/** A message the columns carry whole, with its row's rowid and `_updated`. */
export interface Encodable {
  message: MessageInfo;
  rowid: number;
  updated: number | null;
}

/** Messages into columns (`rest`: rows for the main thread's schema path). */
export function encodeMessageInfos(taken: readonly Encodable[], rest: Row[] = []): ScannedMessages {
  const n = taken.length;
  const strings: string[] = [];
  const index = new Map<string, number>();
  const intern = (value: string | undefined): number => {
    if (value === undefined) return -1;
    let i = index.get(value);
    if (i === undefined) {
      i = strings.push(value) - 1;
      index.set(value, i);
    }
    return i;
  };
  const out: ScannedMessages = {
    count: n, ids: new Array<string>(n), rowids: new Float64Array(n), updated: new Array<number | null>(n),
    session: new Int32Array(n), parent: new Array<string | null>(n), agent: new Int32Array(n), mode: new Int32Array(n),
    provider: new Int32Array(n), model: new Int32Array(n), finish: new Int32Array(n), strings,
    flags: new Uint8Array(n), numbers: new Float64Array(n * NUMBERS), rows: rest,
  };
  taken.forEach(({ message: m, rowid, updated }, i) => {
    out.ids[i] = m.id;
    out.rowids[i] = rowid;
    out.updated[i] = updated;
    out.session[i] = intern(m.sessionID);
    out.parent[i] = m.parentID ?? null;
    out.agent[i] = intern(m.agent);
    out.mode[i] = intern(m.mode);
    out.provider[i] = intern(m.providerID);
    out.model[i] = intern(m.modelID);
    out.finish[i] = intern(m.finish);
    out.flags[i] = (m.role === 'assistant' ? 2 : 1) | (m.summary ? 4 : 0);
    const o = i * NUMBERS;
    out.numbers[o] = m.time.created;
    out.numbers[o + 1] = m.time.completed ?? Number.NaN;
    out.numbers[o + 2] = m.cost;
    out.numbers[o + 3] = m.tokens.input;
    out.numbers[o + 4] = m.tokens.output;
    out.numbers[o + 5] = m.tokens.reasoning;
    out.numbers[o + 6] = m.tokens.cacheRead;
    out.numbers[o + 7] = m.tokens.cacheWrite;
  });
  return out;
}

/** The messages of a chunk, as fastMessage made them (on the main thread), each with its row's rowid and `_updated`. */
export function decodeMessages(chunk: ScannedMessages): { message: MessageInfo; rowid: number; updated: number | null }[] {
  const out: { message: MessageInfo; rowid: number; updated: number | null }[] = new Array(chunk.count);
  const str = (i: number | undefined): string | undefined => (i === undefined || i < 0 ? undefined : chunk.strings[i]);
  for (let i = 0; i < chunk.count; i++) {
    const o = i * NUMBERS;
    const completed = chunk.numbers[o + 1] as number;
    const flags = chunk.flags[i] as number;
    const message: MessageInfo = {
      id: chunk.ids[i] as string,
      sessionID: str(chunk.session[i]) as string,
      role: flags & 2 ? 'assistant' : 'user',
      time: { created: chunk.numbers[o] as number, completed: Number.isNaN(completed) ? undefined : completed },
      cost: chunk.numbers[o + 2] as number,
      tokens: { input: chunk.numbers[o + 3] as number, output: chunk.numbers[o + 4] as number, reasoning: chunk.numbers[o + 5] as number, cacheRead: chunk.numbers[o + 6] as number, cacheWrite: chunk.numbers[o + 7] as number },
    };
    const parent = chunk.parent[i];
    if (parent) message.parentID = parent;
    const agent = str(chunk.agent[i]);
    if (agent) message.agent = agent;
    const mode = str(chunk.mode[i]);
    if (mode) message.mode = mode;
    const provider = str(chunk.provider[i]);
    if (provider) message.providerID = provider;
    const model = str(chunk.model[i]);
    if (model) message.modelID = model;
    const finish = str(chunk.finish[i]);
    if (finish) message.finish = finish;
    if (flags & 4) message.summary = true;
    out[i] = { message: shareMessageStrings(message), rowid: chunk.rowids[i] as number, updated: chunk.updated[i] ?? null };
  }
  return out;
}

/** What a transfer list moves instead of copying. */
export function transferables(chunk: ScannedMessages): ArrayBuffer[] {
  return [chunk.rowids, chunk.session, chunk.agent, chunk.mode, chunk.provider, chunk.model, chunk.finish, chunk.flags, chunk.numbers].map((a) => a.buffer as ArrayBuffer);
}

/** Worker → main thread: each chunk of messages in order, then how the scan ended. */
export type ScanReply = StreamReply<{ chunk: ScannedMessages }>;
