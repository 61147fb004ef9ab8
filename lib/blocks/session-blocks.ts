import { addTokensInto, emptyTokens, totalTokenCount, type TokenCounts } from '@/lib/model/tokens';

export const BLOCK_HOURS = 5;
const HOUR_MS = 3_600_000;
export const BLOCK_MS = BLOCK_HOURS * HOUR_MS;

/** One assistant message as blocks see it. */
export interface BlockEntry {
  time: number;
  tokens: TokenCounts;
  /** USD as recorded, or at API prices where its agent records none (ccusage's "auto" cost). */
  cost: number;
  /** USD at API prices (0 when unpriced). */
  apiCost: number;
  /** Its model has no known price. */
  unpriced: boolean;
  /** `provider/model`. */
  model?: string;
}

/**
 * A five-hour window of use, as ccusage defines it (its `identify_session_blocks`): a block starts
 * at its first message's hour (UTC, floored) and ends five hours later; a message more than five
 * hours after the block's start, or after the message before it, starts the next block. Where
 * more than five hours passed between two messages, a gap block stands between them.
 */
export interface SessionBlock {
  /** The start as an ISO time (gaps: `gap-` and theirs). */
  id: string;
  start: number;
  end: number;
  /** The last message's time (none for a gap). */
  actualEnd?: number;
  firstEntry?: number;
  /** Its last message is less than five hours ago and its end is still ahead. */
  active: boolean;
  gap: boolean;
  entries: number;
  tokens: TokenCounts;
  totalTokens: number;
  cost: number;
  apiCost: number;
  unpricedEntries: number;
  /** In order of first use. */
  models: string[];
}

const iso = (ms: number) => new Date(ms).toISOString();
const floorToHour = (ms: number) => Math.floor(ms / HOUR_MS) * HOUR_MS;

function blockOf(start: number, entries: readonly BlockEntry[], now: number): SessionBlock {
  const end = start + BLOCK_MS;
  const first = entries[0]!.time;
  const last = entries.at(-1)!.time;
  const tokens = emptyTokens();
  const models: string[] = [];
  let cost = 0;
  let apiCost = 0;
  let unpricedEntries = 0;
  for (const e of entries) {
    addTokensInto(tokens, e.tokens);
    cost += e.cost;
    apiCost += e.apiCost;
    if (e.unpriced) unpricedEntries++;
    if (e.model !== undefined && !models.includes(e.model)) models.push(e.model);
  }
  return {
    id: iso(start), start, end, actualEnd: last, firstEntry: first,
    active: now - last < BLOCK_MS && now < end,
    gap: false, entries: entries.length, tokens, totalTokens: totalTokenCount(tokens), cost, apiCost, unpricedEntries, models,
  };
}

function gapOf(last: number, next: number): SessionBlock {
  const start = last + BLOCK_MS;
  return { id: `gap-${iso(start)}`, start, end: next, active: false, gap: true, entries: 0, tokens: emptyTokens(), totalTokens: 0, cost: 0, apiCost: 0, unpricedEntries: 0, models: [] };
}

/** Messages (any order) as blocks and the gaps between them, oldest first. */
export function sessionBlocks(entries: readonly BlockEntry[], now: number): SessionBlock[] {
  const sorted = [...entries].sort((a, b) => a.time - b.time);
  const blocks: SessionBlock[] = [];
  let start: number | undefined;
  let current: BlockEntry[] = [];
  for (const entry of sorted) {
    if (start === undefined) start = floorToHour(entry.time);
    else {
      const last = current.at(-1)?.time ?? start;
      const sinceLast = entry.time - last;
      if (entry.time - start > BLOCK_MS || sinceLast > BLOCK_MS) {
        blocks.push(blockOf(start, current, now));
        if (sinceLast > BLOCK_MS) blocks.push(gapOf(last, entry.time));
        current = [];
        start = floorToHour(entry.time);
      }
    }
    current.push(entry);
  }
  if (start !== undefined && current.length > 0) blocks.push(blockOf(start, current, now));
  return blocks;
}
