// The commands as `npm pack` bundles them (scripts/package/bundle-cli.mjs): each command in its own
// chunks, so `report` and `statusline` (run at every prompt by a status bar) never load OpenTelemetry
// or pg, and every command still runs from the bundle. (The installed package's commands, with their
// exporter and PostgreSQL, are test/package/package.test.ts's.)
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script without type declarations
import { bundleCli } from '../../scripts/package/bundle-cli.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const fixtures = path.join(root, 'test', 'fixtures');
const UNUSED_BY_REPORTS = /\/\/ node_modules\/(@opentelemetry|pg|pg-pool|pg-protocol|protobufjs)\//;

/** The bundle's files a command loads before it runs: the chunk `cli.mjs` imports for it, and theirs. */
function filesLoadedBy(dist: string, command: string): string[] {
  const entry = readFileSync(path.join(dist, 'cli.mjs'), 'utf8');
  const chunk = new RegExp(`import\\("\\./(cli-${command}-[\\w-]+\\.mjs)"\\)`).exec(entry)?.[1];
  if (chunk === undefined) throw new Error(`cli.mjs imports no chunk for ${command}`);
  const seen = new Set(['cli.mjs']);
  const queue = [chunk];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    // Static imports only: a dynamic import() is loaded when its code runs, not with the chunk.
    for (const m of readFileSync(path.join(dist, file), 'utf8').matchAll(/^(?:import|export)\b(?!\s*\()[^;]*?"\.\/([\w-]+\.mjs)"/gm)) queue.push(m[1]!);
  }
  return [...seen];
}

describe('the bundled commands', () => {
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'sessionscope-cli-bundle-'));
    symlinkSync(path.join(root, 'node_modules'), path.join(dist, 'node_modules'));
    await (bundleCli as (root: string, dist: string) => Promise<string[]>)(root, dist);
  }, 120_000);
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it.each(['report', 'statusline'])('%s loads neither OpenTelemetry nor pg', (command) => {
    const files = filesLoadedBy(dist, command);
    expect(files.length).toBeGreaterThan(1);
    const offending = files.filter((file) => UNUSED_BY_REPORTS.test(readFileSync(path.join(dist, file), 'utf8')));
    expect(offending).toEqual([]);
  });

  it('export and publish still bundle what they send with', () => {
    for (const command of ['export', 'publish']) {
      const code = filesLoadedBy(dist, command).map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
      expect(code, command).toMatch(UNUSED_BY_REPORTS);
    }
  });

  it('runs report daily --json from its chunks', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'sessionscope-cli-bundle-home-'));
    try {
      const none = path.join(home, 'none');
      mkdirSync(none);
      const data = ['--claude-dir', path.join(fixtures, 'claude-2.1.328', 'projects'), ...['--opencode-dir', '--omp-dir', '--pi-dir', '--codex-dir', '--gemini-dir'].flatMap((flag) => [flag, none])];
      const script = `process.env.SQLITE_USE_URI ??= '1'; const { main } = await import(${JSON.stringify(path.join(dist, 'cli.mjs'))}); process.exitCode = await main(process.argv.slice(1));`;
      const ran = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, 'report', 'daily', '--json', '--timezone', 'UTC', ...data], { env: { ...process.env, HOME: home, XDG_CACHE_HOME: path.join(home, '.cache') } });
      const oracle = JSON.parse(readFileSync(path.join(fixtures, 'claude-2.1.328', 'oracle.json'), 'utf8')) as { totals: { recordedCost: number } };
      expect((JSON.parse(ran.stdout) as { totals: { recordedCostUSD: number } }).totals.recordedCostUSD).toBeCloseTo(oracle.totals.recordedCost, 9);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});
