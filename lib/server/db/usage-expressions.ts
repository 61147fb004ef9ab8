import { sql } from 'kysely';
import { LONG_CONTEXT_THRESHOLD } from '@/lib/accounting/compute-cost';
import type { Engine } from './builders';

/** The latest instant a JS Date can hold: a message dated beyond it (corrupt data) is never summed. */
export const MAX_DATE_MS = 8.64e15;
export const QUARTER_HOUR_MS = 900_000;

/** A message's quarter hour (ms / 900,000, floored) in either engine. */
export function quarterOf(engine: Engine, created: string) {
  const column = sql.ref(created);
  return engine === 'sqlite' ? sql<number>`cast(floor(${column} / ${sql.lit(QUARTER_HOUR_MS)}.0) as integer)` : sql<number>`floor(${column} / ${sql.lit(QUARTER_HOUR_MS)}.0)::bigint`;
}

/** 1 where a request's prompt (input + cache read) passed the long-context threshold: its tier's rates apply. */
export function longContextOf(prefix: string) {
  return sql<number>`case when ${sql.ref(`${prefix}.input`)} + ${sql.ref(`${prefix}.cache_read`)} > ${sql.lit(LONG_CONTEXT_THRESHOLD)} then 1 else 0 end`;
}

/** Messages that used any token or cost anything: an unpriced one of these is flagged, a zero one is not. */
export function usedOf(prefix: string) {
  const c = (name: string) => sql.ref(`${prefix}.${name}`);
  return sql<number>`sum(case when ${c('input')} + ${c('output')} + ${c('reasoning')} + ${c('cache_read')} + ${c('cache_write')} > 0 or ${c('cost')} > 0 then 1 else 0 end)`;
}

/** The columns usage_total is keyed by beyond its source (see UsageTotalTable). */
export const TOTAL_GROUPING = ['provider_id', 'model_id', 'agent', 'kind', 'project_id', 'directory', 'long_context'] as const;

/** The sums a usage row and a total carry. */
export const USAGE_SUMS = ['messages', 'used_messages', 'cost', 'unrecorded_messages', 'input', 'output', 'reasoning', 'cache_read', 'cache_write'] as const;

/**
 * usage_total's key: each grouping column of `prefix` as its length, ':' and its text, or '-' for
 * NULL, joined by ','. The length makes it unambiguous whatever a folder or model name holds, and
 * NULL stays apart from '' (a unique index of nullable columns would not match NULLs at all). The
 * same text in SQLite and PostgreSQL.
 */
export function totalKeyOf(prefix: string) {
  const part = (column: string) => {
    const c = sql.ref(`${prefix}.${column}`);
    return column === 'long_context' ? sql<string>`cast(${c} as text)` : sql<string>`coalesce(cast(length(${c}) as text) || ':' || ${c}, '-')`;
  };
  return sql<string>`${sql.join(TOTAL_GROUPING.map(part), sql` || ',' || `)}`;
}
