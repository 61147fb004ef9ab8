import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * Whether the agent recorded a message's cost (Codex CLI and Gemini CLI never do): a $0 that means
 * "not recorded" must not read as "free". Sources lose their complete-read mark, so the next read
 * writes the flag into every row it applies to (and the usage rows of those sessions are summed
 * again); nothing is deleted, which a team's database relies on.
 */
export const costRecordedMigration: Migration = {
  version: 5,
  name: 'cost-recorded',
  statements: (db: Kysely<unknown>) => [
    db.schema.alterTable('message').addColumn('cost_unrecorded', 'integer', (c) => c.notNull().defaultTo(0)).compile(),
    db.schema.alterTable('usage_rollup').addColumn('unrecorded_messages', 'bigint', (c) => c.notNull().defaultTo(0)).compile(),
    db.updateTable('source' as never).set({ complete_as: null } as never).compile(),
  ],
};
