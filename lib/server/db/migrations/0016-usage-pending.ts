import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * Sessions whose messages are written and whose usage is not summed yet (UsagePendingTable): a
 * first read's sums wait for all its messages, and another dashboard on the same database, or the
 * next start after one stopped meanwhile, must sum them rather than answer without them.
 */
export const usagePendingMigration: Migration = {
  version: 16,
  name: 'usage-pending',
  statements: (db: Kysely<unknown>) => [
    db.schema
      .createTable('usage_pending')
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('usage_pending_pk', ['source_id', 'session_id'])
      .compile(),
  ],
};
