import 'server-only';
import { queryBuilder, type Engine } from '../builders';
import { hiddenSessions } from './owned-sessions';

/**
 * How many messages the shown sessions hold (a session two sources hold counts once, from its
 * owner): the sources' messages, counted on their key's index, less those of the sessions another
 * source outranks (rare). Joining every message to the owned sessions took 170 ms at 20,000
 * sessions, and /api/health asks for it while the first read runs; this takes ~15 ms.
 */
export function ownedMessageCountQuery(engine: Engine, sourceIds: readonly number[]) {
  const ids = sourceIds.length > 0 ? [...sourceIds] : [-1];
  return queryBuilder(engine)
    .selectNoFrom((eb) =>
      eb(
        eb.selectFrom('message').select(eb.fn.countAll().as('n')).where('source_id', 'in', ids),
        '-',
        eb
          .selectFrom(hiddenSessions(engine, ids).as('h'))
          // Driven by the hidden sessions (rare), each counted on the message index: a join the other way round scanned every message.
          .select((h) =>
            h.fn
              .coalesce(
                h.fn.sum(h.selectFrom('message as m').select(h.fn.countAll().as('c')).whereRef('m.source_id', '=', 'h.source_id').whereRef('m.session_id', '=', 'h.id')),
                h.lit(0),
              )
              .as('n'),
          ),
      ).as('n'),
    )
    .compile();
}
