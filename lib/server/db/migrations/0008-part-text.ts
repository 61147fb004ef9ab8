import { sql, type Kysely } from 'kysely';
import type { Migration } from './migration';

/**
 * The text of prompts, replies, reasoning, tool input and output and errors, one row per part and
 * kind, in a team's database: only a machine publishing with `--publish-text` fills it (the cache
 * never does: this machine reads its text from the sources when asked). Its words and their
 * index are PostgreSQL's own (SQLite has no `to_tsvector`, and never searches this table): team
 * search finds words with them, stemmed as this machine's search index stems them (English).
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
  // The words kept beside the text (a generated column: PostgreSQL fills it), not only in an index on
  // the expression: a query that checks a row outside the index (a common word, a lossy bitmap)
  // reads them instead of parsing the text again, which took 40 s for 160,000 passages that all
  // held a word, against well under a second from the column.
  postgres: (db: Kysely<unknown>) => [
    sql`ALTER TABLE part_text ADD COLUMN words tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED`.compile(db),
    sql`CREATE INDEX part_text_words ON part_text USING gin (words)`.compile(db),
  ],
};
