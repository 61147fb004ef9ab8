// `--publish-text` on a real PostgreSQL: with it, a real fixture's prompt and tool output are in the
// team database and the team's search finds them; without it, no text is in any column of any
// table; turning it off removes what was published, on again brings it back; publishing again
// writes nothing twice.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { teamTextSearchPlan } from '@/lib/server/db/queries/team-text-search';
import { POSTGRES_UNAVAILABLE, postgresForFile } from '../support/postgres';
import { FIXTURES, machine, runPublish } from './support/publish-cli';

const { freshDatabase } = postgresForFile('text');

const claude = () => machine(['--claude-dir', path.join(FIXTURES, 'claude-2.1.332', 'projects')]);
// What the Claude Code fixture's person typed (its second prompt: a session's first names it, and titles are published), what its Bash tool printed, and a reply.
const PROMPT = 'Second question.';
const TOOL_OUTPUT = 'hello from bash';
const REPLY = 'The readme describes a tiny sample project';

/** Every value of every text column of every table of the team database: what anyone with a read-only role can read. */
async function everyText(db: PostgresSessionDb): Promise<string> {
  const columns = await db.pool.query<{ table_name: string; column_name: string }>(
    "select table_name, column_name from information_schema.columns where table_schema = 'public' and data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'tsvector') order by 1, 2",
  );
  expect(columns.rows.map((c) => `${c.table_name}.${c.column_name}`)).toEqual(expect.arrayContaining(['part_text.text', 'session.title', 'message.info']));
  const values = await Promise.all(columns.rows.map(async (c) => (await db.pool.query(`select coalesce(string_agg("${c.column_name}"::text, E'\\n'), '') as v from "${c.table_name}"`)).rows[0].v as string));
  return values.join('\n');
}

const textRows = async (db: PostgresSessionDb) => (await db.pool.query<{ kind: string; text: string; n: number }>('select kind, text from part_text order by kind, text')).rows;

describe.skipIf(POSTGRES_UNAVAILABLE !== undefined)('sessionscope publish --publish-text', () => {
  it('publishes a prompt and a tool output that team search finds, nothing twice, and removes them all once turned off', { timeout: 180_000 }, async () => {
    const { url, db } = freshDatabase();
    const m = claude();
    try {
      const on = await runPublish(m, ['--team-db', url, '--machine', 'laptop', '--person', 'ann', '--publish-text']);
      expect(on, on.stderr).toMatchObject({ code: 0 });
      expect(on.stdout).toMatch(/sessions written \(\d+ messages, [1-9]\d* texts\).*With the text of prompts, replies, reasoning and tool calls/);
      const rows = await textRows(db);
      expect(rows).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'prompt', text: expect.stringContaining(PROMPT) }), expect.objectContaining({ kind: 'tool-output', text: expect.stringContaining(TOOL_OUTPUT) }), expect.objectContaining({ kind: 'reply', text: expect.stringContaining(REPLY) })]));

      const found = await db.answer(teamTextSearchPlan({ q: 'hello bash', limit: 30 }));
      expect(found.publishedBy).toEqual(['laptop']);
      expect(found.hits.find((h) => h.kind === 'tool-output')).toMatchObject({ machine: 'laptop', person: 'ann', source: 'claude', snippet: { text: expect.stringContaining(TOOL_OUTPUT) } });
      const prompt = (await db.answer(teamTextSearchPlan({ q: '"second question"', limit: 30, person: 'ann' }))).hits;
      expect(prompt.map((h) => [h.kind, h.snippet.text])).toContainEqual(['prompt', expect.stringContaining(PROMPT)]);
      expect((await db.answer(teamTextSearchPlan({ q: 'hello bash', limit: 30, person: 'bob' }))).hits).toEqual([]);

      // Again, by the environment's form: the digests match, nothing is written, and the text is there once.
      const again = await runPublish(m, ['--team-db', url, '--machine', 'laptop', '--person', 'ann'], { SESSIONSCOPE_PUBLISH_TEXT: '1' });
      expect(again.stdout).toMatch(/: 0 sessions written \(0 messages, 0 texts\), 0 removed, [1-9]\d* unchanged/);
      expect(await textRows(db)).toEqual(rows);

      const off = await runPublish(m, ['--team-db', url, '--machine', 'laptop', '--person', 'ann']);
      expect(off.stdout).toMatch(/: [1-9]\d* sessions written.* Figures and metadata only, no text \([1-9]\d* texts published before were removed\)/);
      expect(await textRows(db)).toEqual([]);
      const all = await everyText(db);
      for (const text of [PROMPT, TOOL_OUTPUT, REPLY]) expect(all).not.toContain(text);
      expect((await db.answer(teamTextSearchPlan({ q: 'hello bash', limit: 30 }))).publishedBy).toEqual([]);
      const offAgain = await runPublish(m, ['--team-db', url, '--machine', 'laptop', '--person', 'ann']);
      expect(offAgain.stdout).toMatch(/: 0 sessions written \(0 messages\), 0 removed, [1-9]\d* unchanged.* Figures and metadata only, no text\./);

      // On again, with this machine's session database current (nothing to ingest): the text is read from the sources all the same.
      const onAgain = await runPublish(m, ['--team-db', url, '--machine', 'laptop', '--person', 'ann', '--publish-text']);
      expect(onAgain.stdout).toMatch(/: [1-9]\d* sessions written \(\d+ messages, [1-9]\d* texts\), 0 removed, 0 unchanged/);
      expect(await textRows(db)).toEqual(rows);
    } finally {
      await db.close();
      rmSync(m.home, { recursive: true, force: true });
    }
  });

  it('without the flag, no prompt, reply or tool text is in any text column of any table', { timeout: 120_000 }, async () => {
    const { url, db } = freshDatabase();
    const m = claude();
    try {
      expect((await runPublish(m, ['--team-db', url, '--machine', 'laptop'])).code).toBe(0);
      const all = await everyText(db);
      expect(all).toContain('claude-sonnet-4-5');
      for (const text of [PROMPT, TOOL_OUTPUT, REPLY]) expect(all).not.toContain(text);
    } finally {
      await db.close();
      rmSync(m.home, { recursive: true, force: true });
    }
  });
});
