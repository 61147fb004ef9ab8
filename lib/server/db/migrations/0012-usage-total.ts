import { sql, type Kysely } from 'kysely';
import { TOTAL_GROUPING, totalKeyOf, USAGE_SUMS } from '../usage-expressions';
import type { Migration } from './migration';

/**
 * Usage summed above the session (usage_total, see schema.ts): a restart's first total reads a few
 * hundred rows instead of every session's usage rows joined to its session. Usage rows learn the
 * session's kind, project and folder they are summed under; both are filled from what the database
 * holds, so nothing is read again. A team's database gets the same (its publisher keeps it).
 */
export const usageTotalMigration: Migration = {
  version: 12,
  name: 'usage-total',
  statements: (db: Kysely<unknown>) => {
    const of = (column: string) => sql<string>`(select s.${sql.ref(column)} from session s where s.source_id = usage_rollup.source_id and s.id = usage_rollup.session_id)`;
    return [
      ...(['kind', 'project_id', 'directory'] as const).map((column) => db.schema.alterTable('usage_rollup').addColumn(column, 'text').compile()),
      db.updateTable('usage_rollup' as never).set({ kind: of('kind'), project_id: of('project_id'), directory: of('directory') } as never).compile(),
      db.schema
        .createTable('usage_total')
        .addColumn('source_id', 'integer', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('provider_id', 'text')
        .addColumn('model_id', 'text')
        .addColumn('agent', 'text')
        .addColumn('kind', 'text')
        .addColumn('project_id', 'text')
        .addColumn('directory', 'text')
        .addColumn('long_context', 'integer', (c) => c.notNull())
        .addColumn('messages', 'bigint', (c) => c.notNull())
        .addColumn('used_messages', 'bigint', (c) => c.notNull())
        .addColumn('cost', 'double precision', (c) => c.notNull())
        .addColumn('unrecorded_messages', 'bigint', (c) => c.notNull())
        .addColumn('input', 'bigint', (c) => c.notNull())
        .addColumn('output', 'bigint', (c) => c.notNull())
        .addColumn('reasoning', 'bigint', (c) => c.notNull())
        .addColumn('cache_read', 'bigint', (c) => c.notNull())
        .addColumn('cache_write', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_total_pk', ['source_id', 'key'])
        .compile(),
      db
        .insertInto('usage_total' as never)
        .columns(['source_id', 'key', ...TOTAL_GROUPING, ...USAGE_SUMS] as never)
        .expression(
          db
            .selectFrom('usage_rollup as u' as never)
            .select([sql.ref('u.source_id').as('source_id'), totalKeyOf('u').as('key'), ...TOTAL_GROUPING.map((c) => sql.ref(`u.${c}`).as(c)), ...USAGE_SUMS.map((c) => sql`sum(${sql.ref(`u.${c}`)})`.as(c))] as never)
            .groupBy([sql.ref('u.source_id'), ...TOTAL_GROUPING.map((c) => sql.ref(`u.${c}`))] as never) as never,
        )
        .compile(),
    ];
  },
};
