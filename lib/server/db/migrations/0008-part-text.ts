import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * The text of prompts, replies, reasoning, tool input and output and errors, one row per part and
 * kind, in a team's database: only a machine publishing with `--publish-text` fills it (the cache
 * never does: this machine reads its text from the sources when asked). Its full-text index is
 * PostgreSQL's own (SQLite has no `to_tsvector`): team search finds words with it, stemmed as
 * this machine's search index stems them (English).
 */
export const partTextMigration: Migration = {
  version: 8,
  name: 'part-text',
  statements: (db: Kysely<unknown>) => [
    db.schema
      .createTable('part_text')
      .addColumn('source_id', 'integer', (c) => c.notNull())
      .addColumn('session_id', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull())
      // '' for a message's own error (it is no part's).
      .addColumn('part_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('time', 'bigint', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('cut', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('part_text_pk', ['source_id', 'session_id', 'message_id', 'part_id', 'kind'])
      .compile(),
  ],
  postgres: (db: Kysely<unknown>) => [sql`CREATE INDEX part_text_words ON part_text USING gin (to_tsvector('english', text))`.compile(db)],
};
