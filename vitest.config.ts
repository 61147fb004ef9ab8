import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const SYSTEM = ['test/browser/**/*.test.ts', 'test/live/**/*.test.ts', 'test/package/**/*.test.ts'];

export default defineConfig({
  resolve: {
    alias: {
      '@/': root,
      // Server modules import 'server-only' to keep them out of client bundles; tests run on the server.
      'server-only': fileURLToPath(new URL('./test/support/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    // `--project unit`: everything but the files that start the built dashboard, Chromium, real agents
    // or the npm package (`--project system`, where most of the suite's minutes go).
    projects: [
      { extends: true, test: { name: 'unit', include: ['lib/**/*.test.ts', 'components/**/*.test.ts', 'test/**/*.test.ts'], exclude: ['node_modules', 'test/fixtures/**', ...SYSTEM] } },
      { extends: true, test: { name: 'system', include: SYSTEM } },
    ],
    // As bin/sessionscope.mjs sets it: SQLite reads `file:` URIs (immutable opens of OpenCode's database).
    // The search index's build runs on the test's thread (test/search/search-worker.test.ts runs the worker).
    // Queries likewise (test/search/search-off-thread.test.ts runs them on their worker).
    env: { SQLITE_USE_URI: '1', SESSIONSCOPE_SEARCH_BUILD: 'inline', SESSIONSCOPE_SEARCH_QUERY: 'inline' },
    // Two test files at once even on a 2-core machine (vitest's default there is one): the browser,
    // live and package files spend most of their time waiting on Chromium, servers and agents.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 30_000,
    hookTimeout: 300_000,
    // A poll waits for a page or the store to catch up; CI machines are shared and slow (a reload
    // there took more than the default second). Waiting longer never makes a wrong result pass.
    expect: { poll: { timeout: 15_000, interval: 100 } },
    reporters: ['default', './test/support/plain-summary-reporter.ts'],
  },
});
