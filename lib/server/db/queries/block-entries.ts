import 'server-only';
import { sql, type SqlBool } from 'kysely';
import { queryBuilder, type Engine } from '../builders';
import { MAX_DATE_MS } from '../usage-expressions';
import { ownedSessions } from './owned-sessions';

export interface BlockEntryFilters {
  /** Message creation time, ms, inclusive. */
  from?: number;
  kinds?: readonly string[];
  project?: string;
}

/** A message row as blocks read it: its time, figures, model and session (for its price). */
export interface BlockEntryRow {
  created: number;
  session_id: string;
  kind: string;
  provider_id: string | null;
  model_id: string | null;
  cost: number;
  input: number;
  output: number;
  reasoning: number;
  cache_read: number;
  cache_write: number;
}

/**
 * Assistant messages one by one, oldest first: five-hour blocks need each message's own time, not
 * the quarter-hour rollup (a block starts on its first message's hour and ends on its last message).
 * Only messages that used a token or cost something.
 */
export function blockEntriesQuery(engine: Engine, sourceIds: readonly number[], f: BlockEntryFilters) {
  let query = queryBuilder(engine)
    .with((cte) => cte('owned').materialized(), () => ownedSessions(engine, sourceIds))
    .selectFrom('message as m')
    .innerJoin('owned as o', (join) => join.onRef('o.source_id', '=', 'm.source_id').onRef('o.id', '=', 'm.session_id'))
    .select(['m.created', 'm.session_id', 'o.kind', 'm.provider_id', 'm.model_id', 'm.cost', 'm.input', 'm.output', 'm.reasoning', 'm.cache_read', 'm.cache_write'])
    .where('m.role', '=', 'assistant')
    .where('m.created', '>=', f.from ?? -MAX_DATE_MS)
    .where('m.created', '<=', MAX_DATE_MS)
    // A request that used nothing (every attempt overloaded) opens no block and ends none, as in ccusage.
    .where(sql<SqlBool>`(m.input + m.output + m.reasoning + m.cache_read + m.cache_write > 0 or m.cost > 0)`);
  if (f.project !== undefined) query = query.where('o.project_id', '=', f.project);
  if (f.kinds) query = query.where('o.kind', 'in', f.kinds.length > 0 ? [...f.kinds] : ['']);
  return query.orderBy('m.created').compile();
}
