// `npm pack` runs this first: builds the dashboard with Next's standalone output into its own folder
// (a running `npm start` keeps its `.next`) and lays out `dist/`, the app the package starts.
// SESSIONSCOPE_PACK_BUILD=<distDir> reuses a standalone build already made there (the package
// tests reuse the browser tests' `.next-test`) instead of building again.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assemble } from './assemble.mjs';
import { bundleCli } from './bundle-cli.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const reuse = process.env.SESSIONSCOPE_PACK_BUILD;
const distDir = reuse || '.next-package';
if (!reuse) {
  console.log(`sessionscope prepack: building the dashboard into ${distDir} (standalone)...`);
  const env = { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1', SESSIONSCOPE_STANDALONE: '1', SESSIONSCOPE_DIST_DIR: distDir };
  const build = spawnSync(process.execPath, [path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next'), 'build'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
assemble(root, distDir);
await bundleCli(root);
console.log(`sessionscope prepack: dist/ holds the app built in ${distDir}`);
