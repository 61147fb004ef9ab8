import 'server-only';
import type { StatsResult } from '@/lib/accounting/compute-stats';
import { emptyFigure, finishFigure } from '@/lib/accounting/figure';
import type { StatsQuery } from '@/lib/stats/stats-query';
import type { Store } from '../store/store';
import { statsPlan } from '../db/queries/stats';
import { runSync } from '../db/query-plan';
import { firstFiguresAnswered } from '../startup/first-answer';

/** `failedSources`: sources whose read threw; while there is one, `complete` is false (its figures are missing, not zero). */
type StatsAnswer = StatsResult & { complete: boolean; failedSources?: { kind: string; path: string; reason: string }[] };

/** Answers kept per store until it changes: several pages (and tabs) ask the same while nothing moved. */
const MEMO_SIZE = 16;
/**
 * A failed source leaves every answer partial (`complete: false`) for good: such an answer younger
 * than this is given again rather than summed anew for every change.
 */
const PARTIAL_REUSE_MS = 500;
interface Memo {
  generation: number;
  prices: Store['prices'];
  answers: Map<string, { answer: StatsAnswer; at: number }>;
}
const memos = new WeakMap<Store, Memo>();

/**
 * Stats over the index. Usage is message-level (what `opencode stats` sums): the index keeps
 * step-finish parts only for each session's newest messages; per-step figures are on session pages.
 * `complete: false` until every source's messages are in: no figures are summed then (empty), nothing to show
 * but "counting…"; with a failed source, the partial sums of what was read.
 * Every change the store takes in is an event: an answer is reused only while no event came since.
 */
export function getStats(store: Store, query: StatsQuery): StatsAnswer {
  const generation = store.events.lastId;
  const now = performance.now();
  let memo = memos.get(store);
  if (!memo || memo.prices !== store.prices) memos.set(store, (memo = { generation, prices: store.prices, answers: new Map() }));
  if (memo.generation !== generation) {
    memo.generation = generation;
    // Nothing outlives a change, but a young partial answer while the first read still runs (not
    // once a restart found the database whole: that "counting…" held its first total up to 0.5 s).
    const whole = store.progress.figuresComplete || (store.sessionDb.usable && store.sessionDb.current);
    for (const [key, kept] of memo.answers) if (kept.answer.complete || whole || now - kept.at >= PARTIAL_REUSE_MS) memo.answers.delete(key);
  }
  const key = JSON.stringify(query);
  const known = memo.answers.get(key);
  if (known) return known.answer;
  const answer = computeAnswer(store, query);
  if (answer.complete) firstFiguresAnswered();
  if (memo.answers.size >= MEMO_SIZE) memo.answers.delete(memo.answers.keys().next().value as string);
  memo.answers.set(key, { answer, at: now });
  return answer;
}

function computeAnswer(store: Store, query: StatsQuery): StatsAnswer {
  // Read before the pass: a figure is complete only if every message was in the store when counting began.
  const failed = store.failedSources();
  const db = store.sessionDb;
  // The first read is under way and nothing says the database is whole: any sum now is partial, and
  // pages show "counting…" instead of one. Summing it anyway for every page that asks would only
  // take the time the read needs to finish (the index-ready event makes them ask again).
  if (failed.length === 0 && !store.progress.figuresComplete && !(db.usable && db.current)) return { total: finishFigure(emptyFigure()), groups: [], complete: false };
  // The database in memory that replaced a failed cache file failed too: nothing to sum.
  if (!db.usable) return { total: finishFigure(emptyFigure()), groups: [], complete: false };
  const result = runSync(db.db, statsPlan('sqlite', query, { sourceIds: db.sourceIds(), prices: store.prices }));
  // A restart whose sources are unchanged since their last complete read: the database's figures are whole already.
  const whole = (store.progress.figuresComplete || db.current) && failed.length === 0;
  return failed.length > 0 ? { ...result, complete: whole, failedSources: failed } : { ...result, complete: whole };
}
