import 'server-only';
import { queryBuilder, type Engine } from '../builders';

/**
 * The sessions a dashboard shows, one per id: where two of its sources hold the same id (OpenCode
 * 1.2 imported the JSON tree into its database) the higher priority wins whole, then the source
 * registered first. Sources of different machines (a team's database) never hide each other's: two
 * machines holding one id (a copied data folder, a CI runner's restored cache) ran it twice.
 */
export function ownedSessions(engine: Engine, sourceIds: readonly number[]) {
  const k = queryBuilder(engine);
  const ids = sourceIds.length > 0 ? [...sourceIds] : [-1];
  return k
    .selectFrom('session as s')
    .innerJoin('source as src', 'src.id', 's.source_id')
    .select(['s.source_id', 's.id', 's.kind', 's.project_id', 's.directory', 's.parent_id', 's.archived'])
    .where('s.source_id', 'in', ids)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('session as s2')
            .innerJoin('source as src2', 'src2.id', 's2.source_id')
            .select('s2.id')
            .whereRef('s2.id', '=', 's.id')
            .whereRef('src2.machine', '=', 'src.machine')
            .where('s2.source_id', 'in', ids)
            .where((eb) => eb.or([eb('src2.priority', '>', eb.ref('src.priority')), eb.and([eb('src2.priority', '=', eb.ref('src.priority')), eb('src2.id', '<', eb.ref('src.id'))])])),
        ),
      ),
    );
}
