import 'server-only';
import { queryBuilder } from '../builders';
import type { PostgresSessionDb } from '../postgres/postgres-session-db';

/** Another advisory lock of ours (migrations hold 0x5e551015): source ids are handed out one at a time. */
const SOURCE_LOCK = 0x5e55_1016;

export interface TeamSourceKey {
  machine: string;
  person: string;
  kind: string;
  path: string;
  priority: number;
}

/**
 * The team database's id of one machine's source (`kind:path` on `machine`), registered on first
 * publish. Ids are the next free number, taken under a lock so machines registering at once never
 * take the same; the person and priority follow what the machine says now.
 */
export async function teamSourceId(db: PostgresSessionDb, source: TeamSourceKey): Promise<number> {
  const k = queryBuilder('postgres');
  const key = `${source.kind}:${source.path}`;
  return db.transaction(async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [SOURCE_LOCK]);
    const found = (await db.all(k.selectFrom('source').select('id').where('machine', '=', source.machine).where('key', '=', key).compile(), client))[0];
    if (found) {
      await db.run(k.updateTable('source').set({ person: source.person, priority: source.priority }).where('id', '=', Number(found.id)).compile(), client);
      return Number(found.id);
    }
    const max = (await db.all(k.selectFrom('source').select((eb) => eb.fn.max('id').as('max')).compile(), client))[0]?.max;
    const id = Number(max ?? 0) + 1;
    await db.run(k.insertInto('source').values({ id, machine: source.machine, person: source.person, key, kind: source.kind, path: source.path, priority: source.priority, complete_as: null }).compile(), client);
    return id;
  });
}
