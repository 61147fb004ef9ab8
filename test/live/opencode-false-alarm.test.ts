// Issue 14, item 1: starting OpenCode in another project must not flag old finished sessions as
// "waiting for you". OpenCode opening the database changes its log (-wal/-shm appear, the reader
// switches from its snapshot to the live file and reads everything again): that is no write to
// any session. Only the records' own times say when a session was last written.
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { startServer } from '../support/start-server';
import { startModelServer } from '../tools/model-server';
import { startServe } from '../tools/opencode-serve';
import { createHome, createProject, dataDirOf, MODELS, PROVIDER_ID, removeDir } from '../tools/run-opencode';
import { LIVE_REPEAT, sleep, waitFor } from './live-repeat';

const VERSION = '1.18.33';
const AGE_MS = 21 * 60 * 60_000;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function sessionsOf(url: string): Promise<SessionSummary[]> {
  const response = await fetch(`${url}/api/sessions?limit=200`);
  return ((await response.json()) as { sessions: SessionSummary[] }).sessions;
}

/** Moves every record of the (stopped) test database 21 hours into the past. */
function ageDatabase(file: string): void {
  const db = new Database(file);
  try {
    const shift = (json: string, keys: string[]) =>
      keys.map((key) => `CASE WHEN json_type(${json}, '${key}') = 'integer' THEN json_set(${json}, '${key}', json_extract(${json}, '${key}') - ${AGE_MS}) ELSE ${json} END`);
    db.exec(`UPDATE session SET time_created = time_created - ${AGE_MS}, time_updated = time_updated - ${AGE_MS}`);
    db.exec(`UPDATE message SET time_created = time_created - ${AGE_MS}, time_updated = time_updated - ${AGE_MS}`);
    db.exec(`UPDATE part SET time_created = time_created - ${AGE_MS}, time_updated = time_updated - ${AGE_MS}`);
    for (const expr of shift('data', ['$.time.created', '$.time.completed'])) db.exec(`UPDATE message SET data = ${expr}`);
    for (const expr of shift('data', ['$.time.start', '$.time.end', '$.state.time.start', '$.state.time.end'])) db.exec(`UPDATE part SET data = ${expr}`);
  } finally {
    db.close();
  }
}

describe(`live: starting real OpenCode ${VERSION} beside old finished sessions`, () => {
  it('leaves every old session as it was (no "waiting for you")', { timeout: 150_000 + 90_000 * LIVE_REPEAT }, async () => {
    const model = await startModelServer((_request, context) => ({ type: 'stream', text: `Answer to ${context.firstUserText.slice(0, 20)}.`, usage: { prompt: 100, completion: 10 } }));
    cleanups.push(() => model.close());
    const home = await createHome('sessionscope-false-alarm-');
    cleanups.push(() => removeDir(home));
    const dataDir = dataDirOf(home);
    mkdirSync(dataDir, { recursive: true });
    const old = await createProject(home, 'old', model.url);
    const body = (text: string) => ({ model: { providerID: PROVIDER_ID, modelID: MODELS.large.id }, parts: [{ type: 'text', text }] });

    // Three finished sessions, written by the real binary, then aged as if they ended yesterday.
    const first = await startServe({ version: VERSION, home, cwd: old });
    const oldIds: string[] = [];
    for (const n of [1, 2, 3]) {
      const { id } = await first.request<{ id: string }>('POST', '/session', {});
      await first.request('POST', `/session/${id}/message`, body(`old session ${n}`));
      oldIds.push(id);
    }
    await first.stop();
    ageDatabase(path.join(dataDir, 'opencode.db'));

    const dash = await startServer({ opencodeDir: dataDir });
    cleanups.push(() => dash.stop());
    const before = await waitFor('the old sessions', async () => {
      const list = (await sessionsOf(dash.url)).filter((s) => oldIds.includes(s.id));
      return list.length === 3 && list.every((s) => s.messageCount === 2) && list;
    });
    for (const s of before) expect(s.status.status, s.status.reason).toBe('idle');

    for (let round = 1; round <= LIVE_REPEAT; round++) {
      const other = await createProject(home, `other-${round}`, model.url);
      const seen = new Map<string, Set<string>>(oldIds.map((id) => [id, new Set()]));
      let watching = true;
      const watch = (async () => {
        while (watching) {
          for (const s of await sessionsOf(dash.url).catch(() => [])) seen.get(s.id)?.add(`${s.status.status} ${s.lastActivity}`);
          await sleep(100);
        }
      })();
      // OpenCode starts in another project (the database's log appears), and works there.
      const opencode = await startServe({ version: VERSION, home, cwd: other });
      const { id: fresh } = await opencode.request<{ id: string }>('POST', '/session', {});
      await opencode.request('POST', `/session/${fresh}/message`, body(`new work ${round}`));
      // The dashboard did read the change: the new session's turn ended, it waits for the user.
      await waitFor('the new session waiting for the user', async () => (await sessionsOf(dash.url)).find((s) => s.id === fresh)?.status.status === 'waiting-for-user');
      // It found the new OpenCode server by itself (no --opencode-url) and follows it, also without false alarms.
      await waitFor('the server found by discovery', async () => {
        const health = (await (await fetch(`${dash.url}/api/health`)).json()) as { opencodeServers: { servers: { url: string; origin: string; state: string }[] } };
        return health.opencodeServers.servers.some((s) => s.url === opencode.url && s.origin === 'discovered' && s.state === 'connected');
      }, 45_000, 250);
      await sleep(1_500);
      await opencode.stop();
      await sleep(1_000);
      watching = false;
      await watch;
      for (const old of before) expect([...(seen.get(old.id) ?? [])], `round ${round}, session ${old.id}`).toEqual([`idle ${old.lastActivity}`]);
      if (LIVE_REPEAT > 1) console.log(`[live] false-alarm round ${round}/${LIVE_REPEAT} passed`);
    }
  });
});
