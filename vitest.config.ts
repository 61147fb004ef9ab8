import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = fileURLToPath(new URL('.', import.meta.url));
// The files that start the built dashboard (test/support/start-server.ts), Chromium, real agents or
// the npm package: the ones that wait for the build.
const SYSTEM = [
  'test/browser/**/*.test.ts',
  'test/live/**/*.test.ts',
  'test/package/**/*.test.ts',
  'test/export/otlp-dashboard.test.ts',
  'test/safety/{crash,exit-leftovers,health-issues,hostile-files,load,network,read-only,relaunch}.test.ts',
];

// Unit files that change what another file in the same process would see: they set process.env,
// replace a module (vi.mock), spy on or fake a global (console, Date, timers, a prototype), or count
// on a process-wide counter starting from zero. They run each in a fresh process (the
// 'unit-isolated' project); the other unit files share their worker's module cache. A new test file
// that does any of this belongs here.
const OWN_PROCESS = [
  'lib/server/fs/bulk-read/read-listed-files.test.ts',
  'lib/server/startup/first-answer.test.ts',
  'lib/server/watcher/shallow-watch.test.ts',
  'test/cli/blocks-vs-ccusage.test.ts',
  'test/db/session-db-file-restart.test.ts',
  'test/db/session-db-restart.test.ts',
  'test/db/session-db-upgrade.test.ts',
  'test/readers/sqlite-removed-parts.test.ts',
  'test/readers/sqlite-scan-worker.test.ts',
  'test/search/search-build-robust.test.ts',
  'test/search/search-disk-full.test.ts',
  'test/search/search-fixtures.test.ts',
  'test/search/search-off-thread.test.ts',
  'test/search/search-restart.property.test.ts',
  'test/store/skipped-records.test.ts',
  'test/team/publish-plans.test.ts',
  'test/team/team-api.test.ts',
];

// The longest system files of the last full run (seconds), longest first: the page matrix (every
// page at six widths, in both schemes) first, then the others ahead of the short ones, so that the
// run does not end on one long file while the other workers have nothing left. vitest orders by
// the durations of the last run where its cache has them; a fresh clone (CI) has none and would go
// by file size, which put a 51 s file among the last dozen.
const LONGEST_SYSTEM = [
  'test/browser/page-matrix.test.ts', // 261 (with the wait for the build)
  'test/live/opencode-server-live.test.ts', // 51
  'test/live/opencode-live.test.ts', // 51
  'test/browser/team-view.test.ts', // 48
  'test/package/package.test.ts', // 38
  'test/safety/read-only.test.ts', // 34
  'test/browser/insights-waterfall-share.test.ts', // 32
  'test/live/opencode-false-alarm.test.ts', // 30
  'test/browser/codex-gemini.test.ts', // 26
  'test/live/opencode-revert.test.ts', // 23
  'test/live/codex-gemini-live.test.ts', // 23
  'test/live/agents-live.test.ts', // 21
];

/** Where a system file stands in LONGEST_SYSTEM (after all of them when it is not there). */
function rankOf(spec: TestSpecification): number {
  const rank = LONGEST_SYSTEM.findIndex((file) => spec.moduleId.endsWith(file));
  return rank < 0 ? LONGEST_SYSTEM.length : rank;
}

/**
 * vitest's order (failed first, then longest by the last run, else largest file first; one project
 * after the other), with two changes: after the 'system' project's first file come the other
 * projects' files, then the other 'system' files. The first system file waits for the dashboard's
 * build (begun with the run by the project's globalSetup) while the other workers run files that
 * need no server; once it is built, every file that needs a server can start. Without durations
 * of a last run, the system files go longest first by LONGEST_SYSTEM.
 */
class BuildFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    let system = sorted.filter((spec) => spec.project.name === 'system');
    const others = sorted.filter((spec) => spec.project.name !== 'system');
    const known = system.some((spec) => this.ctx.cache.getFileTestResults(`system:${path.relative(root, spec.moduleId)}`)?.duration !== undefined);
    if (!known) system = system.map((spec, i) => ({ spec, i, rank: rankOf(spec) })).sort((a, b) => a.rank - b.rank || a.i - b.i).map(({ spec }) => spec);
    const [first, ...rest] = system;
    return first ? [first, ...others, ...rest] : others;
  }
}

export default defineConfig({
  resolve: {
    alias: {
      '@/': root,
      // Server modules import 'server-only' to keep them out of client bundles; tests run on the server.
      'server-only': fileURLToPath(new URL('./test/support/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    // `--project 'unit*'`: everything but the files that start the built dashboard, Chromium, real
    // agents or the npm package (`--project system`, where most of the suite's minutes go).
    projects: [
      // One module cache per worker (isolate: false): a fresh process per file that imports its
      // modules anew cost the 149 files of lib/ and components/ 59 s of CPU (74 s alone at a load of
      // 9-12), shared 13 s (18 s); the 20 of test/readers 35 s of CPU, shared 26 s.
      { extends: true, test: { name: 'unit', include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'test/**/*.test.ts'], exclude: ['node_modules', 'test/fixtures/**', ...SYSTEM, ...OWN_PROCESS], isolate: false } },
      { extends: true, test: { name: 'unit-isolated', include: OWN_PROCESS } },
      // Its globalSetup begins the dashboard's build as the run starts (only when a system file runs);
      // each of its files waits for it in a hook before its first test.
      { extends: true, test: { name: 'system', include: SYSTEM, globalSetup: ['./test/support/build-in-background.ts'], setupFiles: ['./test/support/wait-for-build.ts'] } },
    ],
    // As bin/sessionscope.mjs sets it: SQLite reads `file:` URIs (immutable opens of OpenCode's database).
    // The search index's build runs on the test's thread (test/search/search-worker.test.ts runs the worker).
    // Queries likewise (test/search/search-off-thread.test.ts runs them on their worker).
    env: { SQLITE_USE_URI: '1', SESSIONSCOPE_SEARCH_BUILD: 'inline', SESSIONSCOPE_SEARCH_QUERY: 'inline' },
    // Two test files at once even on a 2-core machine (vitest's default there is one): the browser,
    // live and package files spend most of their time waiting on Chromium, servers and agents. Three
    // were no faster: six system files took 143 s two at a time and 164 s three at a time (at a load
    // of 9-19). The projects take this value from the file, not from `--maxWorkers`.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // A limit, not a measure: a test that hangs still fails, but a shared CI machine may run one many
    // times slower than a quiet one (a 7 s property test passed 40 runs in 11 s in one CI run and
    // went over 70 s in the next; a page-matrix step took 3 s alone and over 30 s in CI).
    testTimeout: 120_000,
    hookTimeout: 300_000,
    // A poll waits for a page or the store to catch up; CI machines are shared and slow (a reload
    // there took more than the default second). Waiting longer never makes a wrong result pass.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    reporters: ['default', './test/support/plain-summary-reporter.ts'],
    // One system file first (it waits for the build), then the unit files, then the other system files.
    sequence: { sequencer: BuildFirstSequencer },
  },
});
