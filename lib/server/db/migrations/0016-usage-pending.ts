import { sql, type Kysely } from 'kysely';
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
    // A cache written before this table may hold that hole already (a first read stopped before
    // its sums, then a start whose equal rows wrote nothing): sessions with replies and no usage rows
    // are summed at the next start (SessionDbMirror.verify).
    sql`insert into usage_pending (source_id, session_id) select s.source_id, s.id from session s where exists (select 1 from message m where m.source_id = s.source_id and m.session_id = s.id and m.role = 'assistant') and not exists (select 1 from usage_rollup u where u.source_id = s.source_id and u.session_id = s.id)`.compile(db),
  ],
};
