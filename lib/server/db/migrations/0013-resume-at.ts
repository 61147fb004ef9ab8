import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * Where each source's reader follows on from (SourceTable.resume_at): a restart after OpenCode wrote
 * while the dashboard was stopped reads what changed since, not every message again.
 */
export const resumeAtMigration: Migration = {
  version: 13,
  name: 'resume-at',
  statements: (db: Kysely<unknown>) => [db.schema.alterTable('source').addColumn('resume_at', 'text').compile()],
};
