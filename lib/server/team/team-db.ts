import 'server-only';
import { openPostgresSessionDb, type PostgresSessionDb } from '../db/postgres/postgres-session-db';
import { teamConfig, type TeamConfig } from './team-config';

const KEY = Symbol.for('sessionscope.team-db');
type GlobalWithTeamDb = typeof globalThis & { [KEY]?: { config: TeamConfig; db: PostgresSessionDb } };

/** The team's database the pages read (one pool per process, as the store), or undefined without --team-db. */
export function getTeamDb(): { config: TeamConfig; db: PostgresSessionDb } | undefined {
  const g = globalThis as GlobalWithTeamDb;
  if (g[KEY]) return g[KEY];
  const config = teamConfig();
  if (!config) return undefined;
  return (g[KEY] = { config, db: openPostgresSessionDb(config.url, { max: 4 }) });
}
