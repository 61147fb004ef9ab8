import 'server-only';
import { queryBuilder, type Engine } from '../builders';
import { longContextOf, MAX_DATE_MS, quarterOf, usedOf } from '../usage-expressions';

/** Drops one session's usage rows (before they are summed again, or with the session). */
export function deleteRollup(engine: Engine, sourceId: number, sessionID: string) {
  return queryBuilder(engine).deleteFrom('usage_rollup').where('source_id', '=', sourceId).where('session_id', '=', sessionID).compile();
}

/** Sums one session's assistant messages into its usage rows (see UsageRollupTable). */
export function insertRollup(engine: Engine, sourceId: number, sessionID: string) {
  const k = queryBuilder(engine);
  const quarter = quarterOf(engine, 'm.created');
  const tier = longContextOf('m');
  return k
    .insertInto('usage_rollup')
    .columns(['source_id', 'session_id', 'quarter', 'provider_id', 'model_id', 'agent', 'long_context', 'messages', 'used_messages', 'cost', 'unrecorded_messages', 'input', 'output', 'reasoning', 'cache_read', 'cache_write'])
    .expression(
      k
        .selectFrom('message as m')
        .select((eb) => [
          'm.source_id',
          'm.session_id',
          quarter.as('quarter'),
          'm.provider_id',
          'm.model_id',
          'm.agent',
          tier.as('long_context'),
          eb.fn.countAll().as('messages'),
          usedOf('m').as('used_messages'),
          eb.fn.sum('m.cost').as('cost'),
          eb.fn.sum('m.cost_unrecorded').as('unrecorded_messages'),
          eb.fn.sum('m.input').as('input'),
          eb.fn.sum('m.output').as('output'),
          eb.fn.sum('m.reasoning').as('reasoning'),
          eb.fn.sum('m.cache_read').as('cache_read'),
          eb.fn.sum('m.cache_write').as('cache_write'),
        ])
        .where('m.source_id', '=', sourceId)
        .where('m.session_id', '=', sessionID)
        .where('m.role', '=', 'assistant')
        .where('m.created', '>=', -MAX_DATE_MS)
        .where('m.created', '<=', MAX_DATE_MS)
        .groupBy(['m.source_id', 'm.session_id', quarter, 'm.provider_id', 'm.model_id', 'm.agent', tier]),
    )
    .compile();
}
