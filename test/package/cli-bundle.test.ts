// The commands as `npm pack` bundles them (scripts/package/bundle-cli.mjs): each command in its own
// chunks, so `report` and `statusline` (run at every prompt by a status bar) never load OpenTelemetry
// or pg, and every command still runs from the bundle. (The installed package's commands, with their
// exporter and PostgreSQL, are test/package/package.test.ts's.)
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM build script without type declarations
import { bundleCli } from '../../scripts/package/bundle-cli.mjs';
import { startOtlpReceiver } from '../support/otlp-receiver';

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
  const homes: string[] = [];
  afterAll(() => {
    for (const dir of [dist, ...homes]) rmSync(dir, { recursive: true, force: true });
  });

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

  /** `sessionscope <args>` as the package runs it: the bundle's `cli.mjs`, with its own home and cache. */
  async function runBundled(args: string[], env: Record<string, string> = {}): Promise<{ stdout: string; home: string }> {
    const home = mkdtempSync(path.join(tmpdir(), 'sessionscope-cli-bundle-home-'));
    homes.push(home);
    const script = `process.env.SQLITE_USE_URI ??= '1'; const { main } = await import(${JSON.stringify(path.join(dist, 'cli.mjs'))}); process.exitCode = await main(process.argv.slice(1));`;
    const ran = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, ...args], { env: { ...process.env, ...env, HOME: home, XDG_CACHE_HOME: path.join(home, '.cache') } });
    return { stdout: ran.stdout, home };
  }

  it('runs report daily --json from its chunks', async () => {
    const none = mkdtempSync(path.join(tmpdir(), 'sessionscope-cli-bundle-none-'));
    homes.push(none);
    const data = ['--claude-dir', path.join(fixtures, 'claude-2.1.328', 'projects'), ...['--opencode-dir', '--omp-dir', '--pi-dir', '--codex-dir', '--gemini-dir'].flatMap((flag) => [flag, none])];
    const { stdout } = await runBundled(['report', 'daily', '--json', '--timezone', 'UTC', ...data]);
    const oracle = JSON.parse(readFileSync(path.join(fixtures, 'claude-2.1.328', 'oracle.json'), 'utf8')) as { totals: { recordedCost: number } };
    expect((JSON.parse(stdout) as { totals: { recordedCostUSD: number } }).totals.recordedCostUSD).toBeCloseTo(oracle.totals.recordedCost, 9);
  });

  // The exporter is a CommonJS package imported when asked for: its own chunk, which hands it over as `default`.
  it.each(['http/protobuf', 'http/json'])('exports traces with the exporter its chunk loads (%s)', async (protocol) => {
    const receiver = await startOtlpReceiver();
    try {
      const { stdout } = await runBundled(['export', '--otlp', receiver.url, '--pi-dir', path.join(fixtures, 'pi-0.73.1', 'sessions')], { OTEL_EXPORTER_OTLP_PROTOCOL: protocol });
      expect(stdout).toMatch(/^\d+ turns sent \(\d+ spans\)/);
      expect(receiver.accepted().length).toBeGreaterThan(0);
    } finally {
      await receiver.close();
    }
  });
});
