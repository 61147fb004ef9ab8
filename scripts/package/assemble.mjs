// Lays out `dist/` for `npm pack` from a Next build made with `output: 'standalone'`: the traced
// server and its node_modules, the browser assets beside it, without a second better-sqlite3
// (the package's real dependency, compiled at install for the user's Node and platform).
import { cpSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_BUILD_FILE } from '../../bin/app.mjs';

/** Traced by Next's image optimizer, which the dashboard does not use: 19 MB of native code. */
const NOT_SHIPPED = ['sharp', '@img'];

/** A package's own dependencies and theirs, by name, from an installed node_modules. */
export function dependencyClosure(nodeModules, names) {
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    const manifest = path.join(nodeModules, name, 'package.json');
    if (!existsSync(manifest)) return;
    for (const dep of Object.keys(JSON.parse(readFileSync(manifest, 'utf8')).dependencies ?? {})) visit(dep);
  };
  names.forEach(visit);
  return seen;
}

export function assemble(root, distDir) {
  const standalone = path.join(root, distDir, 'standalone');
  if (!existsSync(path.join(standalone, distDir, 'BUILD_ID'))) throw new Error(`${standalone}: no standalone build (SESSIONSCOPE_STANDALONE=1 next build)`);
  const runtimeDeps = Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).dependencies ?? {});
  // Installed by npm beside the package, so not copied from the trace.
  const installed = dependencyClosure(path.join(root, 'node_modules'), runtimeDeps);
  const dist = path.join(root, 'dist');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist);

  // Only the server and its node_modules: a dynamic path in the sources makes Next trace the whole
  // project (tests, fixtures) into the standalone folder, which the built server never reads.
  // Turbopack copies a worker thread's TypeScript entry beside its bundled chunk; nothing loads it.
  const workerSource = (from) => /\.tsx?$/.test(from) && path.relative(path.join(standalone, distDir), from).split(path.sep)[1] === 'assets';
  cpSync(path.join(standalone, distDir), path.join(dist, distDir), { recursive: true, verbatimSymlinks: true, filter: (from) => !workerSource(from) });
  const modules = path.join(standalone, 'node_modules');
  cpSync(modules, path.join(dist, 'node_modules'), {
    recursive: true,
    filter: (from) => {
      const name = packageName(path.relative(modules, from));
      return !name || !(installed.has(name) || NOT_SHIPPED.some((n) => name === n || name.startsWith(`${n}/`)));
    },
  });
  cpSync(path.join(root, distDir, 'static'), path.join(dist, distDir, 'static'), { recursive: true });
  if (existsSync(path.join(root, 'public'))) cpSync(path.join(root, 'public'), path.join(dist, 'public'), { recursive: true });
  replaceExternalLinks(path.join(dist, distDir, 'node_modules'), path.join(dist, 'node_modules'), installed);
  // Next's server files are CommonJS; the project's own package.json says "module".
  writeFileSync(path.join(dist, 'package.json'), `${JSON.stringify({ private: true, type: 'commonjs' }, null, 2)}\n`);
  writeFileSync(path.join(dist, PACKAGE_BUILD_FILE), `${JSON.stringify({ distDir }, null, 2)}\n`);
}

/** `chokidar/x.js` -> `chokidar`, `@scope/a/b` -> `@scope/a`, `` -> undefined. */
function packageName(relative) {
  const parts = relative.split(path.sep).filter(Boolean);
  if (parts.length === 0) return undefined;
  return parts[0]?.startsWith('@') && parts[1] ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * Turbopack loads server externals by hashed names (`<distDir>/node_modules/better-sqlite3-<hash>`),
 * symlinks to the real package. npm pack drops symlinks: an installed dependency gets a one-line
 * module that requires it by name (found up the folders, where npm put it), the others a copy.
 */
function replaceExternalLinks(linksDir, tracedModules, installed) {
  if (!existsSync(linksDir)) return;
  for (const entry of readdirSync(linksDir)) {
    const link = path.join(linksDir, entry);
    if (entry.startsWith('@') && !lstatSync(link).isSymbolicLink()) {
      replaceExternalLinks(link, tracedModules, installed);
      continue;
    }
    if (!lstatSync(link).isSymbolicLink()) continue;
    const real = path.resolve(linksDir, readlinkSync(link)).split(`${path.sep}node_modules${path.sep}`).pop() ?? entry;
    rmSync(link);
    if (installed.has(real)) {
      mkdirSync(link);
      writeFileSync(path.join(link, 'package.json'), `${JSON.stringify({ name: entry, private: true, main: 'index.js' }, null, 2)}\n`);
      writeFileSync(path.join(link, 'index.js'), `module.exports = require(${JSON.stringify(real)});\n`);
    } else {
      cpSync(path.join(tracedModules, real), link, { recursive: true });
    }
  }
}
