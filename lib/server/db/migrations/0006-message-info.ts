import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * The rest of a message (its prompt link, agent and mode, finish, error, compaction and side-call
 * flags, context window) as one JSON column: the store reads messages from the database rather
 * than keeping the history in memory. Sources lose their complete-read mark, so the next read
 * writes it into every row.
 */
export const messageInfoMigration: Migration = {
  version: 6,
  name: 'message-info',
  statements: (db: Kysely<unknown>) => [
    db.schema.alterTable('message').addColumn('info', 'text').compile(),
    db.updateTable('source' as never).set({ complete_as: null } as never).compile(),
  ],
};
