// A publish that stops anywhere (the process killed, the team database down for a while) loses
// nothing and counts nothing twice: the team database ends equal to the machine's own figures.
import { describe, expect, it } from 'vitest';
import type { PostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { publish, type PublishOptions } from '@/lib/server/db/publish/publisher';
import { emptyChangeSet } from '@/lib/server/readers/read-result';
import { POSTGRES_UNAVAILABLE, postgresForFile } from '../support/postgres';
import { localHistory, message, type LocalHistory } from './support/synthetic-history';
import { localFiguresOf, teamFigures } from './support/team-figures';

const postgres = postgresForFile('resume');

const SESSIONS = 12;

const freshTeam = (): PostgresSessionDb => postgres.freshDatabase().db;

const options = (local: LocalHistory, team: PostgresSessionDb, extra: Partial<PublishOptions> = {}): PublishOptions => ({ local: local.db, sourceIds: [local.sourceId], team, machine: 'laptop', person: 'ann', batchSessions: 1, retryFor: 5 * 60_000, ...extra });

describe.skipIf(POSTGRES_UNAVAILABLE !== undefined)('a publish that stops part way', () => {
  it('killed after 4 of 12 sessions, run again: writes the other 8, and the team figures are the machine\'s', { timeout: 120_000 }, async () => {
    const local = localHistory(SESSIONS);
    const team = freshTeam();
    try {
      const killed = publish(options(local, team, { onProgress: (done) => { if (done === 4) throw new Error('killed'); } }));
      await expect(killed).rejects.toThrow('killed');
      expect((await teamFigures(team)).sessions).toBe(4);
      const resumed = await publish(options(local, team));
      expect(resumed).toMatchObject({ written: 8, unchanged: 4, removed: 0, messages: 40 });
      expect(await teamFigures(team)).toEqual(localFiguresOf(local.db));
      expect(await publish(options(local, team))).toMatchObject({ written: 0, unchanged: SESSIONS });
    } finally {
      await team.close();
      local.db.close();
    }
  });

  it('with the team database down mid-way, waits for it and finishes with nothing lost or doubled', { timeout: 120_000 }, async () => {
    const local = localHistory(SESSIONS);
    const team = freshTeam();
    const retried: string[] = [];
    try {
      const summary = await publish(
        options(local, team, {
          onRetry: (error) => retried.push((error as Error).message),
          onProgress: (done) => {
            if (done !== 5) return;
            postgres.server().pause();
            // Back a moment later: the publish is retrying meanwhile.
            setTimeout(() => postgres.server().resume(), 1_500);
          },
        }),
      );
      expect(retried.length).toBeGreaterThan(0);
      expect(summary).toMatchObject({ written: SESSIONS, messages: SESSIONS * 5 });
      expect(summary.retries).toBe(retried.length);
      expect(await teamFigures(team)).toEqual(localFiguresOf(local.db));
    } finally {
      await team.close();
      local.db.close();
    }
  });

  it('given the sessions that changed, compares only those; a whole publish then finds the rest', { timeout: 120_000 }, async () => {
    const local = localHistory(SESSIONS);
    const team = freshTeam();
    try {
      await publish(options(local, team));
      local.writer.apply(local.sourceId, { ...emptyChangeSet(), messages: [message(3, 0, 2.5), message(8, 1, 4)], removed: { ...emptyChangeSet().removed, sessions: ['s5'] } });
      expect(await publish(options(local, team, { sessions: new Set(['s3', 's5']) }))).toMatchObject({ written: 1, removed: 1, unchanged: 0 });
      expect(await teamFigures(team)).not.toEqual(localFiguresOf(local.db));
      expect(await publish(options(local, team))).toMatchObject({ written: 1, removed: 0, unchanged: SESSIONS - 2 });
      expect(await teamFigures(team)).toEqual(localFiguresOf(local.db));
    } finally {
      await team.close();
      local.db.close();
    }
  });

  it('given the sessions that changed, still removes a session gone from the machine that none of them names', { timeout: 120_000 }, async () => {
    const local = localHistory(SESSIONS);
    const team = freshTeam();
    try {
      await publish(options(local, team));
      // s3 changed (and says so); s9 went without any change naming it.
      local.writer.apply(local.sourceId, { ...emptyChangeSet(), messages: [message(3, 0, 2.5)], removed: { ...emptyChangeSet().removed, sessions: ['s9'] } });
      expect(await publish(options(local, team, { sessions: new Set(['s3']) }))).toMatchObject({ written: 1, removed: 1, unchanged: 0 });
      expect(await teamFigures(team)).toEqual(localFiguresOf(local.db));
    } finally {
      await team.close();
      local.db.close();
    }
  });

  it('carries a rewritten message and a removed session to the team database', { timeout: 120_000 }, async () => {
    const local = localHistory(SESSIONS);
    const team = freshTeam();
    try {
      await publish(options(local, team));
      const before = await teamFigures(team);
      local.writer.apply(local.sourceId, { ...emptyChangeSet(), messages: [message(3, 0, 2.5)], removed: { ...emptyChangeSet().removed, sessions: ['s7'] } });
      expect(await publish(options(local, team))).toMatchObject({ written: 1, removed: 1, unchanged: SESSIONS - 2 });
      const after = await teamFigures(team);
      expect(after).toEqual(localFiguresOf(local.db));
      expect(after.sessions).toBe(before.sessions - 1);
      expect(after.storedCost).toBeGreaterThan(before.storedCost);
    } finally {
      await team.close();
      local.db.close();
    }
  });
});
