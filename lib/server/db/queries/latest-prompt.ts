import 'server-only';
import { sql, type SqlBool } from 'kysely';
import { queryBuilder, type Engine } from '../builders';

/** A session's newest request that sent a prompt: how full its context was (as of the database). */
export function latestPromptQuery(engine: Engine, sourceIds: readonly number[], sessionID: string) {
  return queryBuilder(engine)
    .selectFrom('message as m')
    .select(['m.session_id', 'm.provider_id', 'm.model_id', 'm.input', 'm.cache_read', 'm.cache_write'])
    .where('m.source_id', 'in', sourceIds.length > 0 ? [...sourceIds] : [-1])
    .where('m.session_id', '=', sessionID)
    .where('m.role', '=', 'assistant')
    .where(sql<SqlBool>`m.input + m.cache_read + m.cache_write > 0`)
    .orderBy('m.created', 'desc')
    .limit(1)
    .compile();
}
