// The package a user installs: `npm pack` (prepack lays out the prebuilt app), `npm install -g` of the
// tarball into a temporary prefix (better-sqlite3's install script takes its prebuilt binary, as a
// user's downloads it, from the clone's compiled copy: see localPrebuilds), then the installed `sessionscope`.
// One pack and one install for the whole file: the build is the browser tests' `.next-test`
// (standalone output), shipped as is, so `npm test` builds the dashboard once.
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTestBuild, startServer, TEST_DIST_DIR, type StartedServer } from '../support/start-server';
import { copyFixture, type FixtureCopy } from '../tools/fixture-dir';
import { POSTGRES_UNAVAILABLE, startPostgres } from '../support/postgres';
import { startOtlpReceiver } from '../support/otlp-receiver';
import { cleanNpmEnv, installGlobally, localPrebuilds, packProject, run, type Installed, type Packed } from './support/npm-package';

const fixtures = path.resolve(import.meta.dirname, '..', 'fixtures');
const manifest = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string; dependencies: Record<string, string> };

interface SearchAnswer {
  hits: { sessionTitle: string; kind: string; snippet: { text: string } }[];
  progress: { phase: string; sessions: number };
}

interface SessionList {
  sessions: { id: string; source: string; messageCount: number }[];
}

describe('the npm package', () => {
  let work: string;
  let packed: Packed;
  let installed: Installed;
  const copies: FixtureCopy[] = [];
  let server: StartedServer | undefined;

  beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'sessionscope-package-'));
    await ensureTestBuild();
    packed = await packProject(work, TEST_DIST_DIR);
    installed = await installGlobally(packed.tarball, path.join(work, 'prefix'), localPrebuilds(path.join(work, 'prebuilds')));
  }, 900_000);

  afterAll(async () => {
    await server?.stop();
    for (const copy of copies) await copy.remove();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('holds the built app and the launcher, and no tests, fixtures, sources or second better-sqlite3', () => {
    const files = packed.files.map((f) => f.path);
    expect(files).toContain('bin/sessionscope.mjs');
    expect(files).toContain(`dist/${TEST_DIST_DIR}/BUILD_ID`);
    expect(files.some((f) => f.startsWith(`dist/${TEST_DIST_DIR}/static/`))).toBe(true);
    expect(files.some((f) => f.startsWith('dist/node_modules/next/'))).toBe(true);
    const unwanted = files.filter((f) => /(^|\/)(test|tests|fixtures|__tests__)\//.test(f) || /\.test\.[cm]?[jt]sx?$/.test(f) || /^(app|lib|components|bench|scripts)\//.test(f) || /\.tsx?$/.test(f));
    expect(unwanted).toEqual([]);
    // npm installs better-sqlite3 for the user's platform; a traced copy would be this machine's.
    expect(files.filter((f) => /(^|\/)node_modules\/better-sqlite3\//.test(f) || f.endsWith('.node'))).toEqual([]);
    // Only the one-line module through which the server's bundle requires the installed one.
    const shims = files.filter((f) => /\/node_modules\/better-sqlite3-[0-9a-f]+\//.test(f)).map((f) => path.basename(f));
    expect(new Set(shims)).toEqual(new Set(['index.js', 'package.json']));
    expect(Object.keys(manifest.dependencies)).toEqual(['better-sqlite3']);
  });

  it('prints its version and help', async () => {
    const version = await run(process.execPath, [installed.bin, '--version'], { cwd: work });
    expect(version.stdout.trim()).toBe(manifest.version);
    const help = await run(process.execPath, [installed.bin, '--help'], { cwd: work });
    expect(help.stdout).toContain('Usage: sessionscope');
    expect(help.stdout).toContain('--open');
  });

  it('runs report daily --json on the real Claude Code history: its straight sums, from the bundled command', async () => {
    const oracle = JSON.parse(readFileSync(path.join(fixtures, 'claude-2.1.328', 'oracle.json'), 'utf8')) as { totals: { tokens: { input: number; output: number; cacheRead: number; cacheWrite: number }; recordedCost: number } };
    const none = path.join(work, 'none');
    const data = ['--claude-dir', path.join(fixtures, 'claude-2.1.328', 'projects'), ...['--opencode-dir', '--omp-dir', '--pi-dir', '--codex-dir', '--gemini-dir'].flatMap((flag) => [flag, none])];
    const home = path.join(work, 'report-home');
    const ran = await run(process.execPath, [installed.bin, 'report', 'daily', '--json', '--timezone', 'UTC', ...data], { cwd: work, env: { ...cleanNpmEnv(), HOME: home, XDG_CACHE_HOME: path.join(home, '.cache') } });
    expect(ran.code, ran.stderr).toBe(0);
    const totals = (JSON.parse(ran.stdout) as { totals: { tokens: { input: number; output: number; reasoning: number; cacheRead: number; cacheWrite: number }; recordedCostUSD: number } }).totals;
    const t = totals.tokens;
    expect({ input: t.input, output: t.output + t.reasoning, cacheRead: t.cacheRead, cacheWrite: t.cacheWrite }).toEqual(oracle.totals.tokens);
    expect(totals.recordedCostUSD).toBeCloseTo(oracle.totals.recordedCost, 9);
  });

  it('serves a real OpenCode 1.18 database with no build at start', async () => {
    const copy = await copyFixture('opencode-1.18.33');
    copies.push(copy);
    const oracle = JSON.parse(readFileSync(path.join(copy.dir, 'oracle.json'), 'utf8')) as { computed: { database: { sessions: number } } };
    server = await startServer({ opencodeDir: copy.dir }, [], {}, installed.bin);
    expect(server.output()).not.toMatch(/building/);
    await expect.poll(async () => ((await (await fetch(`${server!.url}/api/health`)).json()) as { index: { phase: string } }).index.phase).toBe('ready');
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as { sqlite: { available?: boolean }; sources: { kind: string; sessions: number }[] };
    expect(health.sqlite.available).toBe(true);
    expect(health.sources.find((s) => s.kind === 'opencode-sqlite')?.sessions).toBe(oracle.computed.database.sessions);
    const list = (await (await fetch(`${server.url}/api/sessions?limit=100`)).json()) as SessionList;
    expect(list.sessions).toHaveLength(oracle.computed.database.sessions);
    // The page and the browser assets copied beside the traced server.
    const page = await (await fetch(`${server.url}/`)).text();
    const script = /\/_next\/static\/[^"]+\.js/.exec(page)?.[0];
    expect(script).toBeDefined();
    expect((await fetch(`${server.url}${script}`)).status).toBe(200);
    // Search: the index is built by a worker thread whose code Next bundled into the traced server.
    const s = server;
    const search = async (): Promise<SearchAnswer> => (await (await fetch(`${s.url}/api/search?q=simplest`)).json()) as SearchAnswer;
    await expect.poll(async () => (await search()).progress.phase).toBe('ready');
    const found = await search();
    expect(found.progress.sessions).toBe(oracle.computed.database.sessions);
    expect(found.hits.map((h) => `${h.sessionTitle}: ${h.kind}`)).toContain('reasoning scenario: reply');
    expect(found.hits[0]?.snippet.text).toContain('simplest');
    // Had the worker failed to load, the index would be read on the main thread, with this line.
    expect(s.output()).not.toMatch(/search index/);
    await server.stop();
    server = undefined;
  });

  it('exports sessions as OpenTelemetry traces (its bundled exporter) to an OTLP endpoint', async () => {
    const receiver = await startOtlpReceiver();
    try {
      const home = await mkdtemp(path.join(work, 'otlp-home-'));
      const env = { ...cleanNpmEnv(), HOME: home, XDG_CACHE_HOME: home, XDG_DATA_HOME: home };
      const ran = await run(process.execPath, [installed.bin, 'export', '--otlp', receiver.url, '--pi-dir', path.join(fixtures, 'pi-0.73.1', 'sessions')], { cwd: work, env });
      expect(ran.code, ran.stderr).toBe(0);
      expect(ran.stdout).toMatch(/^\d+ turns sent \(\d+ spans\)/);
      const spans = receiver.accepted();
      expect(spans.some((s) => s.name.startsWith('chat ') && Number(s.attributes['gen_ai.usage.input_tokens']) > 0)).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it('runs from the tarball with npx', async () => {
    // npx takes `./file.tgz` as a package (an absolute path would be run as a command). Its own
    // cache, and no install scripts: --version needs no SQLite, and the install above compiled it.
    const npx = await run('npx', ['--yes', '--ignore-scripts', `--cache=${path.join(work, 'npx-cache')}`, `./${path.basename(packed.tarball)}`, '--version'], { cwd: path.dirname(packed.tarball), env: cleanNpmEnv() });
    expect(npx.stdout.trim()).toBe(manifest.version);
    // npx unpacks the 36 MB package and fetches its dependencies into an empty cache: about 20 s at
    // a load of 12 on two cores, too near the default 30 s.
  }, 120_000);

  it.skipIf(POSTGRES_UNAVAILABLE !== undefined)('publishes this machine\'s sessions into a team PostgreSQL (pg bundled in the publish command\'s chunks of dist/)', async () => {
    const pg = await startPostgres();
    try {
      pg.createDatabase('team');
      const home = await mkdtemp(path.join(work, 'publish-home-'));
      const env = cleanNpmEnv({ HOME: home, XDG_CACHE_HOME: path.join(home, 'cache') });
      const published = await run(process.execPath, [installed.bin, 'publish', '--team-db', pg.url('team'), '--machine', 'packaged', '--claude-dir', path.join(fixtures, 'claude-2.1.332', 'projects')], { cwd: work, env });
      expect(published.code, published.stderr).toBe(0);
      expect(published.stdout).toMatch(/^Published packaged \(.+\) to 127\.0\.0\.1:\d+\/team in [\d.]+ s: [1-9]\d* sessions written/);
    } finally {
      pg.stop();
    }
  }, 120_000);

  // Last: it breaks the installed native module.
  it('without a loadable better-sqlite3 says what to do in one line and does not start (the history lives in its SQLite database)', async () => {
    writeFileSync(path.join(installed.dir, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'), 'not a shared object');
    const copy = await copyFixture('opencode-1.2.27-merged');
    copies.push(copy);
    const ran = await run(installed.bin, ['--port', '0', '--opencode-dir', copy.dir], { cwd: work, env: { ...cleanNpmEnv(), HOME: path.join(work, 'home-nosqlite') } });
    expect(ran.code).toBe(1);
    const lines = ran.stderr.split('\n').filter((line) => line.includes('npm rebuild better-sqlite3'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/SQLite support unavailable/);
    expect(lines[0]).toContain(installed.dir);
    expect(lines[0]).toMatch(/cannot start without it/);
    // Nothing listened: no address was printed.
    expect(ran.stdout).not.toMatch(/http:\/\//);
  });
});
