import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli';
import { startServer, type StartedServer } from '../support/start-server';
import { copyFixture, diffSnapshots, FIXTURES, jsonTreeFixture, snapshotTree, sqliteFixture } from './support/fixture-copies';
import { get, getJson, openEventStream } from './support/http';

interface SessionList {
  sessions: { id: string }[];
  total: number;
  nextCursor?: string;
}

const GROUP_BYS = ['day', 'hour', 'model', 'provider', 'agent', 'project', 'session'];
const PAGES = ['/', '/sessions', '/diagnostics', '/plans'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Everything a user (or a script) can ask for: each API route with its filters, each page. */
async function exerciseEverything(server: StartedServer): Promise<{ sessions: string[]; calls: number }> {
  const base = server.url;
  let calls = 0;
  const call = async (p: string): Promise<void> => {
    const reply = await get(`${base}${p}`);
    calls++;
    if (reply.ms > 2_000) console.warn(`read-only.test: slow ${p}: ${reply.ms} ms`);
    expect(reply.status, `${p}: ${reply.body.slice(0, 200)}`).toBeLessThan(500);
  };
  await call('/api/health');
  const ids = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await getJson<SessionList>(`${base}/api/sessions?limit=2&archived=1${cursor ? `&cursor=${cursor}` : ''}`);
    calls++;
    for (const s of page.sessions) ids.add(s.id);
    cursor = page.nextCursor;
  } while (cursor);
  for (const query of ['roots=1', 'q=a', 'sort=cost&order=asc', 'sort=title', 'status=idle', 'from=0&to=9999999999999', 'source=opencode-sqlite', 'agent=build', 'limit=1000']) {
    await call(`/api/sessions?${query}`);
  }
  for (const id of ids) await call(`/api/sessions/${encodeURIComponent(id)}`);
  await call('/api/sessions/ses_doesnotexist0000000000000');
  await call('/api/projects');
  for (const groupBy of GROUP_BYS) {
    await call(`/api/stats?groupBy=${groupBy}`);
    await call(`/api/stats?groupBy=${groupBy}&format=csv`);
  }
  await call('/api/stats?roots=1&timeZone=Europe/Berlin&from=2020-01-01');
  await call('/api/plans');
  await call('/api/blocks');
  const stream = openEventStream(`${base}/api/events`, { 'last-event-id': '0' });
  expect(await stream.opened).toBe(200);
  await sleep(1_000);
  stream.close();
  calls++;
  for (const page of [...PAGES, ...[...ids].map((id) => `/sessions/${encodeURIComponent(id)}`)]) await call(page);
  return { sessions: [...ids], calls };
}

const variants = [
  { name: 'SQLite database', source: sqliteFixture },
  { name: 'JSON tree', source: jsonTreeFixture },
];

describe.each(variants)('the dashboard never writes to what it reads ($name)', ({ source }) => {
  const servers: StartedServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('leaves every file byte-for-byte and mtime-for-mtime as it was, and creates none', { timeout: 120_000 }, async () => {
    const opencodeDir = copyFixture(source(), 'opencode');
    const piDir = copyFixture(path.join(FIXTURES, 'pi', 'sessions'));
    const claudeDir = copyFixture(path.join(FIXTURES, 'claude', 'projects'));
    const codexDir = copyFixture(path.join(FIXTURES, 'codex-0.171.0', 'sessions'));
    const geminiDir = copyFixture(path.join(FIXTURES, 'gemini-0.61.0'));
    const plansRoot = copyFixture(path.join(FIXTURES, 'plans'));
    const projects = readdirSync(plansRoot).map((name) => path.join(plansRoot, name));
    const roots = [opencodeDir, piDir, claudeDir, codexDir, geminiDir, plansRoot];
    const before = snapshotTree(roots);
    expect(before.size).toBeGreaterThan(20);

    const server = await startServer({ opencodeDir, ompDir: piDir, piDir, claudeDir, codexDir, geminiDir, projects });
    servers.push(server);
    // Wait for the first full index, so every reader has run.
    for (let i = 0; i < 100; i++) {
      const health = await getJson<{ index: { phase: string } }>(`${server.url}/api/health`);
      if (health.index.phase === 'ready') break;
      await sleep(100);
    }
    const { sessions, calls } = await exerciseEverything(server);
    expect(sessions.length).toBeGreaterThan(3);
    expect(calls).toBeGreaterThan(40);
    await server.stop();
    // The commands read the same folders, through the same readers.
    const home = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-read-only-cli-'));
    const data = ['--opencode-dir', opencodeDir, '--omp-dir', piDir, '--pi-dir', piDir, '--claude-dir', claudeDir, '--codex-dir', codexDir, '--gemini-dir', geminiDir];
    try {
      for (const args of [['report', 'daily', '--json'], ['report', 'session', '--breakdown'], ['report', 'blocks', '--json'], ['statusline', '--ingest'], ['statusline']]) {
        const ran = await runCli([...args, ...data], { home });
        expect(ran.code, `${args.join(' ')}: ${ran.stderr}`).toBe(0);
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }

    const after = snapshotTree(roots);
    expect(diffSnapshots(before, after)).toEqual([]);
    const sideFiles = [...after.keys()].filter((p) => /-(wal|shm|journal)$/.test(p));
    expect(sideFiles).toEqual([]);
  });
});
