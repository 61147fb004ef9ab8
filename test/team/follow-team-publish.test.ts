// A dashboard started with --team-db keeps its sessions published: with the team database down it
// answers as ever and retries; once the database is back, and after each change, the team holds
// exactly what the machine holds.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDatabases } from '@/lib/server/config';
import { openPostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { TeamPublishing } from '@/lib/server/team/follow-team-publish';
import { describeTeamDb } from '@/lib/server/team/team-db-url';
import { POSTGRES_UNAVAILABLE, postgresForFile } from '../support/postgres';
import { TreeBuilder } from '../support/tree-builder';
import { localFiguresOf, teamFigures } from './support/team-figures';

const postgres = postgresForFile('follow');

function history(): TreeBuilder {
  const tree = new TreeBuilder();
  tree.project('p1');
  tree.session('p1', 'ses_a');
  tree.message('ses_a', 'msg_a1');
  tree.assistant('ses_a', 'msg_a2', 'msg_a1', { providerID: 'anthropic', modelID: 'claude-sonnet-4-5' });
  return tree;
}

describe.skipIf(POSTGRES_UNAVAILABLE !== undefined)('the dashboard with --team-db', () => {
  it('answers while the team database is down, catches up when it is back, and publishes each change', { timeout: 120_000 }, async () => {
    postgres.server().createDatabase('follow');
    const url = postgres.server().url('follow').replace('postgres@', 'postgres:hunter2-secret@');
    const tree = history();
    const store = new Store(createReaders({ opencodeDir: tree.dataDir, databases: findDatabases(tree.dataDir) }), { sessionDb: openSqliteSessionDb(null) });
    const logged: string[] = [];
    postgres.server().pause();
    const publishing = new TeamPublishing(store, store.start(), { url, where: describeTeamDb(url), machine: 'laptop', person: 'ann' }, { settleMs: 1_000, backoffMs: 200, maxBackoffMs: 1_000, log: (line) => logged.push(line) });
    const team = openPostgresSessionDb(postgres.server().url('follow'));
    try {
      await expect.poll(() => publishing.status.state, { timeout: 30_000 }).toBe('retrying');
      expect(store.summaryMap().has('ses_a')).toBe(true);
      expect(logged[0]).toMatch(/team database 127\.0\.0\.1:\d+\/follow failed .*the dashboard is unaffected/);
      expect(logged.join('\n')).not.toContain('hunter2-secret');

      postgres.server().resume();
      await expect.poll(() => publishing.status.state, { timeout: 120_000 }).toBe('published');
      const mine = localFiguresOf(store.sessionDb!.db);
      expect(mine).toMatchObject({ sessions: 1, messages: 1 });
      expect(await teamFigures(team)).toEqual(mine);

      tree.session('p1', 'ses_b');
      tree.message('ses_b', 'msg_b1');
      tree.assistant('ses_b', 'msg_b2', 'msg_b1', { providerID: 'anthropic', modelID: 'claude-sonnet-4-5', cost: 0.5 });
      await store.reread(store.indexes[0]!);
      await expect.poll(async () => (await teamFigures(team)).sessions, { timeout: 120_000 }).toBe(2);
      await publishing.idle();
      expect(await teamFigures(team)).toEqual(localFiguresOf(store.sessionDb!.db));

      // An agent that never pauses: changes keep coming faster than the settle time, and still publish.
      const busy = setInterval(() => store.events.emit(['ses_a'], ['sessions']), 20);
      try {
        tree.session('p1', 'ses_c');
        tree.message('ses_c', 'msg_c1');
        await store.reread(store.indexes[0]!);
        await expect.poll(async () => (await teamFigures(team)).sessions, { timeout: 120_000 }).toBe(3);
      } finally {
        clearInterval(busy);
      }
    } finally {
      publishing.stop();
      await publishing.idle();
      await team.close();
      store.stop();
      rmSync(tree.dataDir, { recursive: true, force: true });
    }
  });
});
