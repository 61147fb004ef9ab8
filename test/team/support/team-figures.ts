import { sonnetOnly } from '@/lib/accounting/test-data';
import { queryBuilder } from '@/lib/server/db/builders';
import type { PostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { sessionHeads } from '@/lib/server/db/queries/session-list';
import { statsPlan } from '@/lib/server/db/queries/stats';
import { teamSessionsPlan } from '@/lib/server/db/queries/team-sessions';
import { teamStatsPlan } from '@/lib/server/db/queries/team-stats';
import { teamSessionsQuerySchema } from '@/lib/team/team-query';
import { runSync } from '@/lib/server/db/query-plan';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import type { SqliteSessionDb } from '@/lib/server/db/sqlite/sqlite-session-db';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import type { StatsResult } from '@/lib/accounting/compute-stats';

/** What a user reads off the overview: spend, tokens, messages and sessions (rounded past float noise). */
export interface Figures {
  storedCost: number;
  computedCost: number;
  tokens: number;
  messages: number;
  sessions: number;
}

const query = statsQuerySchema.parse({ groupBy: 'model', timeZone: 'UTC' });
const round = (n: number) => Number(n.toFixed(9));

function figures(result: StatsResult, sessions: number): Figures {
  const t = result.total;
  return { storedCost: round(t.storedCost), computedCost: round(t.computedCost), tokens: t.tokens.input + t.tokens.output + t.tokens.reasoning + t.tokens.cacheRead + t.tokens.cacheWrite, messages: t.messages, sessions };
}

export function sumFigures(all: Figures[]): Figures {
  return all.reduce((a, b) => ({ storedCost: round(a.storedCost + b.storedCost), computedCost: round(a.computedCost + b.computedCost), tokens: a.tokens + b.tokens, messages: a.messages + b.messages, sessions: a.sessions + b.sessions }));
}

/** A machine's figures from its own session database (what its dashboard shows). */
export function localFiguresOf(db: SqliteSessionDb): Figures {
  const ids = db.all<{ id: number }>(queryBuilder('sqlite').selectFrom('source').select('id').compile()).map((r) => r.id);
  return figures(runSync(db, statsPlan('sqlite', query, { sourceIds: ids, prices: sonnetOnly })), runSync(db, sessionHeads('sqlite', ids)).length);
}

export function localFigures(file: string): Figures {
  const db = openSqliteSessionDb(file)!;
  try {
    return localFiguresOf(db);
  } finally {
    db.close();
  }
}

/**
 * The team's figures as /api/stats?scope=team and /api/sessions?scope=team answer them: by model
 * from the totals above the session, by day from the usage rows (the same figures, two ways).
 */
export async function teamFigures(db: PostgresSessionDb, groupBy: 'model' | 'day' = 'model'): Promise<Figures> {
  const stats = await db.answer(teamStatsPlan({ stats: groupBy === 'model' ? query : statsQuerySchema.parse({ groupBy, timeZone: 'UTC' }) }, sonnetOnly));
  return figures(stats, (await db.answer(teamSessionsPlan(teamSessionsQuerySchema.parse({ limit: '1' })))).total);
}

/**
 * The team database's totals above the session (usage_total), and its usage rows summed the same
 * way: the publisher keeps the first equal to the second as it writes and removes sessions.
 */
export async function teamTotalsAndRollups(db: PostgresSessionDb): Promise<{ totals: string[]; rollups: string[] }> {
  const columns = 'source_id, provider_id, model_id, agent, kind, project_id, directory, long_context';
  const sums = 'sum(messages)::bigint as messages, sum(used_messages)::bigint as used, round(sum(cost)::numeric, 9)::text as cost, sum(input)::bigint as input, sum(output)::bigint as output, sum(reasoning)::bigint as reasoning, sum(cache_read)::bigint as cache_read, sum(cache_write)::bigint as cache_write, sum(unrecorded_messages)::bigint as unrecorded';
  const rows = async (table: string) => (await db.pool.query(`select ${columns}, ${sums} from ${table} group by ${columns}`)).rows.map((r) => JSON.stringify(r)).sort();
  return { totals: await rows('usage_total'), rollups: await rows('usage_rollup') };
}

/** The team's figures by model as this machine's query plan answers them on PostgreSQL (from usage_total, with the ownership rule). */
export async function teamFiguresFromTotals(db: PostgresSessionDb): Promise<Figures> {
  const ids = (await db.pool.query('select id from source')).rows.map((r: { id: number }) => Number(r.id));
  const stats = await db.answer(statsPlan('postgres', query, { sourceIds: ids, prices: sonnetOnly }));
  return figures(stats, (await db.answer(teamSessionsPlan(teamSessionsQuerySchema.parse({ limit: '1' })))).total);
}
