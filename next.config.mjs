import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SECURITY_HEADERS } from './bin/guard.mjs';

/**
 * A digest of the code that maps session files to records (the readers and the model): the summary
 * index keeps what a build's mapping made, and a build whose mapping changed reads every file again
 * (lib/server/readers/file-summary-cache.ts).
 */
function readersDigest() {
  const hash = createHash('sha256');
  // A packaged server has its config (and this digest) built in; this runs only beside the source.
  for (const folder of ['lib/server/readers', 'lib/model']) {
    for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true }).sort((a, b) => path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)))) {
      const file = path.join(entry.parentPath, entry.name);
      if (!entry.isFile() || !file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
      hash.update(file).update('\0').update(readFileSync(file)).update('\0');
    }
  }
  return hash.digest('hex').slice(0, 16);
}

// `next dev` evaluates with eval (React refresh): the dev server alone allows it.
const devScriptAllowance = process.env.NODE_ENV === 'development' ? " 'unsafe-eval'" : '';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // better-sqlite3 is a native addon: keep it out of the server bundle.
  serverExternalPackages: ['better-sqlite3', 'chokidar', 'pg'],
  // `npm pack` ships the traced server (scripts/package/): no build and no node_modules of the
  // build tools at the user's. Only that build asks for it, the others skip the copying.
  output: process.env.SESSIONSCOPE_STANDALONE === '1' ? 'standalone' : undefined,
  poweredByHeader: false,
  env: { SESSIONSCOPE_READERS_DIGEST: readersDigest() },
  // Profiling builds (`SESSIONSCOPE_NO_MINIFY=1`) keep the server's function names readable.
  experimental: {
    serverMinification: process.env.SESSIONSCOPE_NO_MINIFY !== '1',
    // Each route loads when first asked for, not all of them at start: the start-up read of the
    // user's history has the core to itself, and memory holds only the pages in use.
    preloadEntriesOnStart: false,
    // A CI run builds on a fresh clone and never reads Turbopack's build cache back: writing it
    // (about 110 MB) held the tests that wait for the build 19-30 s on a loaded 2-core machine.
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  reactStrictMode: true,
  // `npm test` type-checks the whole project (tsc); skipping Next's second pass halves a first start.
  typescript: { ignoreBuildErrors: true },
  // Keep dev and test builds apart so `npm test` never clobbers a running dashboard's build.
  distDir: process.env.SESSIONSCOPE_DIST_DIR || '.next',
  async headers() {
    const headers = SECURITY_HEADERS.map(([key, value]) => ({
      key,
      value: key === 'Content-Security-Policy' ? value.replace("'unsafe-inline'", `'unsafe-inline'${devScriptAllowance}`) : value,
    }));
    return [{ source: '/:path*', headers }];
  },
};

export default nextConfig;
