import Database from 'better-sqlite3';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../support/start-server';
import { copyFixture, FIXTURES, sqliteFixture } from './support/fixture-copies';
import { getJson } from './support/http';

interface Health {
  skipped: number;
  issues: { source: string; path: string; kind: string; reason: string }[];
  index: { phase: string };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('bad records reach /api/health', () => {
  let server: StartedServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('lists every skipped record with its path and reason, at start and when written later', async () => {
    const opencodeDir = copyFixture(sqliteFixture(), 'opencode');
    const dbPath = path.join(opencodeDir, 'opencode.db');
    const db = new Database(dbPath);
    const sessionID = (db.prepare('SELECT id FROM session LIMIT 1').get() as { id: string }).id;
    db.prepare('INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)').run('msg_badjson', sessionID, 1, 1, '{"role":');
    db.close();
    const projectDir = 'proj_bad';
    mkdirSync(path.join(opencodeDir, 'storage', 'session', projectDir), { recursive: true });
    const badSession = path.join(opencodeDir, 'storage', 'session', projectDir, 'ses_truncated.json');
    writeFileSync(badSession, '{"id":"ses_truncated","projectID":');
    const piDir = copyFixture(path.join(FIXTURES, 'pi', 'sessions'));
    const piProject = path.join(piDir, readdirSync(piDir)[0] ?? '');
    const piFile = path.join(piProject, readdirSync(piProject).find((f) => f.endsWith('.jsonl')) ?? '');
    appendFileSync(piFile, 'this line is not JSON\n');
    const piBadLine = readFileSync(piFile, 'utf8').trimEnd().split('\n').length;

    server = await startServer({ opencodeDir, piDir });
    let health: Health | undefined;
    for (let i = 0; i < 100; i++) {
      health = await getJson<Health>(`${server.url}/api/health`);
      if (health.index.phase === 'ready') break;
      await sleep(100);
    }
    const find = (p: string) => health?.issues.find((i) => i.path === p);
    expect(find(`${dbPath}#message/msg_badjson`)).toMatchObject({ source: 'opencode-sqlite', kind: 'schema' });
    expect(find(`${dbPath}#message/msg_badjson`)?.reason).toMatch(/not valid JSON/);
    expect(find(badSession)).toMatchObject({ source: 'opencode-json', kind: 'parse' });
    expect(find(piFile)?.reason).toMatch(new RegExp(`^line ${piBadLine}:`));
    expect(health?.skipped).toBeGreaterThanOrEqual(3);

    // Written while the server runs: picked up by the watcher and listed too.
    const later = path.join(opencodeDir, 'storage', 'session', projectDir, 'ses_later.json');
    writeFileSync(later, Buffer.from([0, 0xff, 0xfe, 0x7b]));
    for (let i = 0; i < 50 && !find(later); i++) {
      await sleep(200);
      health = await getJson<Health>(`${server.url}/api/health`);
    }
    expect(find(later)?.reason).toMatch(/invalid JSON/);
    for (const issue of health?.issues ?? []) {
      expect(issue.path.length).toBeGreaterThan(0);
      expect(issue.reason.length).toBeGreaterThan(0);
    }
  });
});
