import type { Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * Each session file of a file reader (Claude Code, pi, Codex, Gemini) with the version its records
 * were read at: a restart reads only the files whose version changed, taking the others' sessions
 * from here (it replaces the summary index for these sources). Their sources lose their
 * complete-read mark, so the next read fills it.
 */
const FILE_READER_KINDS = ['claude', 'pi', 'omp', 'codex', 'gemini'];
export const sourceFileMigration: Migration = {
  version: 11,
  name: 'source-file',
  statements: (db: Kysely<unknown>) => [
    db.schema
      .createTable('source_file')
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull())
      .addColumn('version', 'text', (c) => c.notNull())
      .addColumn('session_id', 'text')
      .addColumn('head', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('source_file_pk', ['source_id', 'path'])
      .compile(),
    db.schema.createIndex('source_file_by_session').on('source_file').columns(['source_id', 'session_id']).compile(),
    // Only the file readers' sources: OpenCode's are not read again for this.
    db.updateTable('source' as never).set({ complete_as: null } as never).where('kind' as never, 'in', FILE_READER_KINDS as never).compile(),
  ],
};
