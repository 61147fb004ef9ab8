import 'server-only';
import { queryBuilder, type Engine } from '../builders';

/** The session kinds (SourceKind) the sources hold any session of. */
export function sessionKindsQuery(engine: Engine, sourceIds: readonly number[]) {
  return queryBuilder(engine)
    .selectFrom('session')
    .select('kind')
    .distinct()
    .where('source_id', 'in', sourceIds.length > 0 ? [...sourceIds] : [-1])
    .compile();
}
