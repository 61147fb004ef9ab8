import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * What an OpenTelemetry endpoint acknowledged, per trace: a second export sends nothing again
 * (Langfuse does not de-duplicate), an interrupted one resumes where the acknowledgements stop.
 */
export const otlpExportMigration: Migration = {
  version: 4,
  name: 'otlp-export',
  statements: (db: Kysely<unknown>) => [
    db.schema
      .createTable('otlp_export')
      .addColumn('endpoint', 'text', (c) => c.notNull())
      .addColumn('trace_id', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('turn_id', 'text', (c) => c.notNull())
      .addColumn('spans', 'integer', (c) => c.notNull())
      .addColumn('exported_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('otlp_export_pk', ['endpoint', 'trace_id'])
      .compile(),
  ],
};
