// Packing the project and installing the tarball the way a user does, for the package tests and
// `npm run bench -- --package`. Everything goes into the folders given; nothing global is touched.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..', '..');

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** npm's environment for a child npm: none of the `npm_*` settings of the `npm test` that runs us. */
export function cleanNpmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const key of Object.keys(env)) if (/^npm_/i.test(key) && !(key in extra)) delete env[key];
  delete env.NODE_OPTIONS;
  return env;
}

export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? cleanNpmEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function ok(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Ran> {
  const ran = await run(command, args, options);
  if (ran.code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${ran.code}\n${ran.stdout.slice(-4000)}\n${ran.stderr.slice(-4000)}`);
  return ran;
}

export interface PackedFile {
  path: string;
  size: number;
}

export interface Packed {
  tarball: string;
  /** Bytes of the .tgz and of what it holds. */
  size: number;
  unpackedSize: number;
  files: PackedFile[];
}

/**
 * `npm pack` of the project into `destination` (prepack builds and lays out `dist/`). `reuseBuild`
 * names a standalone build folder to ship instead of building again (SESSIONSCOPE_PACK_BUILD).
 */
export async function packProject(destination: string, reuseBuild?: string): Promise<Packed> {
  const env = cleanNpmEnv(reuseBuild ? { SESSIONSCOPE_PACK_BUILD: reuseBuild } : {});
  const ran = await ok('npm', ['pack', '--json', '--pack-destination', destination], { cwd: root, env });
  // The lifecycle scripts print to the same stdout: the report is the JSON array at its end.
  const start = ran.stdout.search(/^\[\s*$/m);
  const [report] = JSON.parse(ran.stdout.slice(start)) as { filename: string; size: number; unpackedSize: number; files: PackedFile[] }[];
  if (!report) throw new Error(`npm pack printed no report:\n${ran.stdout}`);
  return { tarball: path.join(destination, report.filename), size: report.size, unpackedSize: report.unpackedSize, files: report.files };
}

export interface Installed {
  prefix: string;
  /** `<prefix>/bin/sessionscope`, what a user runs. */
  bin: string;
  /** The installed package folder. */
  dir: string;
}

/**
 * A folder of prebuilt binaries holding better-sqlite3's for this Node, packed from the clone's own
 * compiled copy under the name prebuild-install asks GitHub for. GitHub is out of reach here, so
 * without it every install compiles SQLite from source (about 100 s of CPU, most of the package
 * test's time); a user's install downloads a prebuilt one from there.
 */
export function localPrebuilds(destination: string): string | undefined {
  const dir = path.join(root, 'node_modules', 'better-sqlite3');
  // No compiled copy (its install failed here): the package's install compiles its own.
  if (!existsSync(path.join(dir, 'build', 'Release', 'better_sqlite3.node'))) return undefined;
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
  mkdirSync(destination, { recursive: true });
  // prebuild-install's name ({name}-v{version}-{runtime}-v{abi}-{platform}{libc}-{arch}; libc is empty for glibc).
  const tarball = path.join(destination, `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`);
  const packed = spawnSync('tar', ['-czf', tarball, '-C', dir, 'build/Release/better_sqlite3.node'], { encoding: 'utf8' });
  if (packed.status !== 0) throw new Error(`tar of better_sqlite3.node failed: ${packed.stderr}`);
  return destination;
}

/**
 * `npm install -g --prefix <prefix> <tarball>`: compiles better-sqlite3 from source where no prebuilt
 * binary is reachable, or takes it from `prebuilds` (see localPrebuilds) when given.
 */
export async function installGlobally(tarball: string, prefix: string, prebuilds?: string): Promise<Installed> {
  const env = cleanNpmEnv(prebuilds ? { npm_config_better_sqlite3_local_prebuilds: prebuilds } : {});
  await ok('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', '--prefer-offline', tarball], { cwd: path.dirname(tarball), env });
  return { prefix, bin: path.join(prefix, 'bin', 'sessionscope'), dir: path.join(prefix, 'lib', 'node_modules', 'sessionscope') };
}
