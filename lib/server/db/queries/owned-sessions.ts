import 'server-only';
import { sql, type SqlBool } from 'kysely';
import { queryBuilder, type Engine } from '../builders';

/**
 * The sessions a dashboard shows, one per id: where two of its sources hold the same id (OpenCode
 * 1.2 imported the JSON tree into its database) the higher priority wins whole, then the source
 * registered first. Sources of different machines (a team's database) never hide each other's: two
 * machines holding one id (a copied data folder, a CI runner's restored cache) ran it twice.
 */
export function ownedSessions(engine: Engine, sourceIds: readonly number[]) {
  const ids = sourceIds.length > 0 ? [...sourceIds] : [-1];
  return queryBuilder(engine)
    .selectFrom('session as s')
    .innerJoin('source as src', 'src.id', 's.source_id')
    .select(['s.source_id', 's.id', 's.kind', 's.project_id', 's.directory', 's.parent_id', 's.archived'])
    .where('s.source_id', 'in', ids)
    .where(({ not, exists }) => not(exists(outranking(engine, ids))));
}

/** The sessions of `sourceIds` another of them outranks (the complement of ownedSessions): rare, ids held twice. */
export function hiddenSessions(engine: Engine, sourceIds: readonly number[]) {
  const k = queryBuilder(engine);
  const ids = sourceIds.length > 0 ? [...sourceIds] : [-1];
  return k
    .selectFrom('session as s')
    .innerJoin('source as src', 'src.id', 's.source_id')
    .select(['s.source_id', 's.id'])
    .where('s.source_id', 'in', ids)
    // Only ids held more than once can be outranked: one pass over the id index finds them.
    .where('s.id', 'in', k.selectFrom('session').select('id').where('source_id', 'in', ids).groupBy('id').having((eb) => eb.fn.countAll(), '>', 1))
    .where(({ exists }) => exists(outranking(engine, ids)));
}

/** Another session of the same id and machine among `ids` with a higher priority, or the same from a source registered first. */
function outranking(engine: Engine, ids: number[]) {
  return queryBuilder(engine)
    .selectFrom('session as s2')
    .innerJoin('source as src2', 'src2.id', 's2.source_id')
    .select('s2.id')
    .where('s2.source_id', 'in', ids)
    // `s` and `src` are the outer query's session and source.
    .where(sql<SqlBool>`s2.id = s.id and src2.machine = src.machine and (src2.priority > src.priority or (src2.priority = src.priority and src2.id < src.id))`);
}
