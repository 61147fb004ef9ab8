import 'server-only';
import { queryBuilder, type Engine } from '../builders';
import { ownedSessions } from './owned-sessions';

/** How many messages the shown sessions hold (a session two sources hold counts once, from its owner). */
export function ownedMessageCountQuery(engine: Engine, sourceIds: readonly number[]) {
  return queryBuilder(engine)
    .with('owned', () => ownedSessions(engine, sourceIds))
    .selectFrom('owned as o')
    .innerJoin('message as m', (join) => join.onRef('m.source_id', '=', 'o.source_id').onRef('m.session_id', '=', 'o.id'))
    .select((eb) => eb.fn.countAll().as('n'))
    .compile();
}
