// The real oh-my-pi 18.3.4 (`@oh-my-pi/pi-coding-agent`), assembled on demand in the test cache.
// Its `@oh-my-pi/*` dependencies at 18.3.4 were never published (newest 18.2.x), so `npm install`
// cannot install it. What runs (FORMATS.md "oh-my-pi"): its self-contained Bun bundle
// `dist/cli.js` under bun from npm, `@oh-my-pi/pi-natives@18.2.10` carrying the 18.2.11 linux-x64
// addon (version set to 18.2.11 for the bundle's check), stubs for the few names this addon lacks,
// and `@babel/parser`, the one other package the bundle imports when it starts.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { testCacheDir } from './cached-install';

const run = promisify(execFile);

export const OMP_VERSION = '18.3.4';
const NATIVES_JS = '18.2.10';
const NATIVES_ADDON = '18.2.11';
const BUN_VERSION = '1.4.5';
const BABEL_PARSER = '7.29.15';

/** Exports the 18.3.4 bundle imports that the 18.2.11 addon does not have (none is used offline). */
const MISSING_FUNCTIONS = ['appleFmAvailability', 'appleFmCancel', 'appleFmGenerate'];
const MISSING_OBJECTS = ['ShellFsFileType', 'ShellFsMissing', 'ShellFsOp', 'ShellFsResolve', 'TextPredictor'];

export interface OmpInstall {
  bun: string;
  cli: string;
}

function locate(dir: string): OmpInstall | null {
  const bun = join(dir, 'node_modules', '@oven', 'bun-linux-x64', 'bin', 'bun');
  const cli = join(dir, 'node_modules', '@oh-my-pi', 'pi-coding-agent', 'dist', 'cli.js');
  return existsSync(join(dir, '.assembled')) && existsSync(bun) && existsSync(cli) ? { bun, cli } : null;
}

async function unpack(dir: string, spec: string, target: string): Promise<void> {
  const { stdout } = await run('npm', ['pack', '--silent', spec], { cwd: dir, maxBuffer: 4 * 1024 * 1024 });
  const tarball = join(dir, stdout.trim().split('\n').at(-1) ?? '');
  await mkdir(target, { recursive: true });
  await run('tar', ['xzf', tarball, '-C', target, '--strip-components=1']);
  await rm(tarball);
}

async function stubMissingExports(natives: string): Promise<void> {
  const index = join(natives, 'native', 'index.js');
  const stubs = [
    '// Sessionscope test cache: names the 18.3.4 bundle imports that this addon lacks.',
    ...MISSING_FUNCTIONS.map((name) => `export const ${name} = nativeBindings.${name} ?? (() => { throw new Error('${name}: not in this addon'); });`),
    ...MISSING_OBJECTS.map((name) => `export const ${name} = nativeBindings.${name} ?? {};`),
  ];
  await appendFile(index, `\n${stubs.join('\n')}\n`);
  const pkgPath = join(natives, 'package.json');
  const pkg = JSON.parse(await readFile(pkgPath, 'utf8')) as { version: string };
  pkg.version = NATIVES_ADDON;
  await writeFile(pkgPath, JSON.stringify(pkg, null, 2));
}

async function assemble(tmp: string): Promise<void> {
  await writeFile(join(tmp, 'package.json'), JSON.stringify({ name: 'sessionscope-test-omp', private: true }));
  await run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--ignore-scripts', '--loglevel=error', `@oven/bun-linux-x64@${BUN_VERSION}`, `@babel/parser@${BABEL_PARSER}`], {
    cwd: tmp,
    maxBuffer: 16 * 1024 * 1024,
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  const scope = join(tmp, 'node_modules', '@oh-my-pi');
  await unpack(tmp, `@oh-my-pi/pi-coding-agent@${OMP_VERSION}`, join(scope, 'pi-coding-agent'));
  await unpack(tmp, `@oh-my-pi/pi-natives@${NATIVES_JS}`, join(scope, 'pi-natives'));
  await unpack(tmp, `@oh-my-pi/pi-natives-linux-x64@${NATIVES_ADDON}`, join(scope, 'pi-natives-linux-x64'));
  await stubMissingExports(join(scope, 'pi-natives'));
  await writeFile(join(tmp, '.assembled'), `${new Date().toISOString()}\n`);
}

let pending: Promise<OmpInstall> | undefined;

/** bun and omp's `dist/cli.js` in `<test cache>/oh-my-pi-18.3.4/` (about 230 MB), assembled once. */
export function ensureOmp(): Promise<OmpInstall> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return Promise.reject(new Error('the omp fixture tooling needs linux-x64'));
  pending ??= (async () => {
    const root = testCacheDir();
    const finalDir = join(root, `oh-my-pi-${OMP_VERSION}`);
    const existing = locate(finalDir);
    if (existing) return existing;
    await mkdir(root, { recursive: true });
    const tmp = await mkdtemp(join(root, `.tmp-oh-my-pi-${OMP_VERSION}-`));
    try {
      await assemble(tmp);
      await rm(finalDir, { recursive: true, force: true });
      await rename(tmp, finalDir);
    } finally {
      if ((await readdir(root)).includes(tmp.slice(root.length + 1))) await rm(tmp, { recursive: true, force: true });
    }
    const found = locate(finalDir);
    if (!found) throw new Error(`oh-my-pi ${OMP_VERSION} assembled but not found in ${finalDir}`);
    return found;
  })();
  return pending;
}
