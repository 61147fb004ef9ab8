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

/** The team's figures as /api/stats?scope=team and /api/sessions?scope=team answer them. */
export async function teamFigures(db: PostgresSessionDb): Promise<Figures> {
  const stats = await db.answer(teamStatsPlan({ stats: query }, sonnetOnly));
  return figures(stats, (await db.answer(teamSessionsPlan(teamSessionsQuerySchema.parse({ limit: '1' })))).total);
}
