// `sessionscope publish` as people run it, on a real PostgreSQL: two machines at once give the team
// exactly the sum of their own figures, publishing again counts nothing twice, a session removed on
// a machine leaves the team view, and no prompt, reply or tool text reaches the team database.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { POSTGRES_UNAVAILABLE, postgresForFile } from '../support/postgres';
import { FIXTURES, machine, runPublish, sessionDbFile } from './support/publish-cli';
import { localFigures, sumFigures, teamFigures, teamFiguresFromTotals, teamTotalsAndRollups } from './support/team-figures';

const { freshDatabase } = postgresForFile('team');

const fixture = (...parts: string[]) => path.join(FIXTURES, ...parts);
// Both machines hold the same Gemini folder (a copied home, a CI runner's restored cache): its sessions ran twice.
// The build box's OpenCode holds sessions in both its database and its JSON tree (1.2's import): each counts once.
const laptop = () => machine(['--claude-dir', fixture('claude-2.1.332', 'projects'), '--pi-dir', fixture('pi-0.73.1', 'sessions'), '--gemini-dir', fixture('gemini-0.61.0')]);
const server2 = () => machine(['--opencode-dir', fixture('opencode-1.2.27-merged'), '--codex-dir', fixture('codex-0.171.0', 'sessions'), '--gemini-dir', fixture('gemini-0.61.0')]);

/** Every row of every table, as text: what anyone with a read-only role sees. */
async function everything(db: PostgresSessionDb): Promise<string> {
  const tables = ['source', 'project', 'session', 'message', 'usage_rollup'];
  const dumps = await Promise.all(tables.map(async (t) => (await db.pool.query(`select coalesce(string_agg(row_to_json(t)::text, E'\\n'), '') as rows from ${t} t`)).rows[0].rows as string));
  return dumps.join('\n');
}

describe.skipIf(POSTGRES_UNAVAILABLE !== undefined)('sessionscope publish', () => {
  it('two machines publishing at once give the team exactly the sum of their own figures, and publishing again writes nothing', { timeout: 180_000 }, async () => {
    const { url, db } = freshDatabase();
    const a = laptop();
    const b = server2();
    try {
      const runs = await Promise.all([runPublish(a, ['--team-db', url, '--machine', 'laptop', '--person', 'ann']), runPublish(b, ['--team-db', url, '--machine', 'build-box', '--person', 'bob'])]);
      for (const run of runs) expect(run, run.stderr).toMatchObject({ code: 0 });
      expect(runs[0]!.stdout).toMatch(/Published laptop \(ann\) to 127\.0\.0\.1:\d+\/team_\d+ in [\d.]+ s: \d+ sessions written/);
      const mine = [localFigures(sessionDbFile(a)), localFigures(sessionDbFile(b))];
      expect(mine[0]!.messages).toBeGreaterThan(0);
      expect(mine[1]!.messages).toBeGreaterThan(0);
      const team = await teamFigures(db);
      expect(team).toEqual(sumFigures(mine));
      const kept = await teamTotalsAndRollups(db);
      expect(kept.totals.length).toBeGreaterThan(0);
      expect(kept.totals).toEqual(kept.rollups);
      expect(await teamFiguresFromTotals(db)).toEqual(team);
      expect(await teamFigures(db, 'day')).toEqual(team);
      const people = await db.pool.query('select machine, person, count(*)::int as sessions from session join source on source.id = session.source_id group by 1, 2 order by 1');
      expect(people.rows).toEqual([
        { machine: 'build-box', person: 'bob', sessions: mine[1]!.sessions },
        { machine: 'laptop', person: 'ann', sessions: mine[0]!.sessions },
      ]);

      const again = await Promise.all([runPublish(a, ['--team-db', url, '--machine', 'laptop', '--person', 'ann']), runPublish(b, ['--team-db', url, '--machine', 'build-box', '--person', 'bob'])]);
      for (const run of again) expect(run.stdout).toMatch(/: 0 sessions written \(0 messages\), 0 removed, \d+ unchanged/);
      expect(await teamFigures(db)).toEqual(team);
    } finally {
      await db.close();
      for (const m of [a, b]) rmSync(m.home, { recursive: true, force: true });
    }
  });

  it('a session removed on a machine leaves the team database at its next publish', { timeout: 120_000 }, async () => {
    const { url, db } = freshDatabase();
    const data = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-team-claude-'));
    cpSync(fixture('claude-2.1.332', 'projects'), data, { recursive: true });
    const m = machine(['--claude-dir', data]);
    try {
      expect((await runPublish(m, ['--team-db', url, '--machine', 'm1'])).code).toBe(0);
      const before = await teamFigures(db);
      rmSync(path.join(data, '-tmp-sessionscope-fixture-claude-2-1-332-alpha', '3b577779-b999-4542-a769-8069d3ac5793.jsonl'), { force: true });
      const run = await runPublish(m, ['--team-db', url, '--machine', 'm1']);
      expect(run.stdout).toMatch(/, [1-9]\d* removed,/);
      const after = await teamFigures(db);
      expect(after).toEqual(localFigures(sessionDbFile(m)));
      expect(after.sessions).toBeLessThan(before.sessions);
      const kept = await teamTotalsAndRollups(db);
      expect(kept.totals).toEqual(kept.rollups);
      expect((await db.pool.query(`select count(*)::int as n from session where id = '3b577779-b999-4542-a769-8069d3ac5793'`)).rows[0].n).toBe(0);
    } finally {
      await db.close();
      rmSync(data, { recursive: true, force: true });
      rmSync(m.home, { recursive: true, force: true });
    }
  });

  it('publishes figures and titles, never the text of replies or tool output (without --publish-text: see publish-text.test.ts)', { timeout: 120_000 }, async () => {
    const { url, db } = freshDatabase();
    const m = machine(['--claude-dir', fixture('claude-2.1.332', 'projects')]);
    try {
      expect((await runPublish(m, ['--team-db', url])).code).toBe(0);
      const all = await everything(db);
      expect(all).toContain('claude-sonnet-4-5');
      expect((await db.pool.query('select count(*)::int as n from message')).rows[0].n).toBeGreaterThan(0);
      for (const text of ['The readme describes a tiny sample project', 'Second answer, after --continue', 'hello from bash', 'A tiny project used by Sessionscope fixtures']) expect(all).not.toContain(text);
    } finally {
      await db.close();
      rmSync(m.home, { recursive: true, force: true });
    }
  });

  it('never prints the password, whether the team database answers or not', { timeout: 120_000 }, async () => {
    const { url } = freshDatabase();
    const m = machine(['--claude-dir', fixture('claude-2.1.332', 'projects')]);
    const withPassword = url.replace('postgres@', 'postgres:hunter2-secret@');
    try {
      const ok = await runPublish(m, ['--team-db', withPassword]);
      expect(ok.code).toBe(0);
      const closed = withPassword.replace(/:\d+\//, ':1/');
      const down = await runPublish(m, ['--team-db', closed, '--retry-for', '1']);
      expect(down.code).toBe(1);
      expect(down.stderr).toMatch(/127\.0\.0\.1:1\/team_\d+: .*ECONNREFUSED|connect/);
      expect(down.stderr).toMatch(/run it again to carry on/);
      for (const run of [ok, down]) expect(run.stdout + run.stderr).not.toContain('hunter2-secret');
    } finally {
      rmSync(m.home, { recursive: true, force: true });
    }
  });
});
