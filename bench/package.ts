// `npm run bench -- --package`: what a user of the npm package gets. Packs the project (prepack
// builds), installs the tarball into a temporary prefix as `npm install -g` does (better-sqlite3
// compiles from source where no prebuilt binary is reachable), and times `sessionscope` from launch
// to the first page answered on empty data folders (no build at start).
import { lstatSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installGlobally, packProject, run } from '../test/package/support/npm-package';
import { tempDir } from './lib/cleanup';
import { median, ms, report, sleep } from './lib/figures';
import { startServer } from './lib/server';

const MB = 1024 * 1024;
const INSTALLED_TARGET_MB = 80;
const FIRST_PAGE_TARGET_MS = 3_000;

function diskBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    const stat = lstatSync(p);
    total += stat.isDirectory() ? diskBytes(p) : stat.size;
  }
  return total;
}

/** CPU time (user + system) the process has used, in ms: what the wall time is on an idle machine. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** From spawn to the first `GET /` answered 200 (wall, and the server's CPU until then). */
async function firstPage(launcher: string, home: string, data: string): Promise<{ wall: number; cpu: number }> {
  const server = await startServer(data, home, [], launcher);
  try {
    for (;;) {
      const response = await fetch(`${server.url}/`).catch(() => undefined);
      if (response?.status === 200) return { wall: performance.now() - server.spawnedAt, cpu: cpuMs(server.pid) + (server.launcherPid === server.pid ? 0 : cpuMs(server.launcherPid)) };
      await sleep(10);
    }
  } finally {
    await server.stop();
  }
}

export async function benchPackage(reuseBuild: string | undefined, starts: number): Promise<void> {
  const work = tempDir('package');
  let started = performance.now();
  const packed = await packProject(work, reuseBuild);
  const packMs = performance.now() - started;
  report({ section: 'package', name: 'tarball', value: `${(packed.size / MB).toFixed(1)} MB`, note: `${packed.files.length} files, ${(packed.unpackedSize / MB).toFixed(1)} MB unpacked; pack ${reuseBuild ? `reusing ${reuseBuild}` : 'with its build'} ${ms(packMs)}` });

  started = performance.now();
  const installed = await installGlobally(packed.tarball, path.join(work, 'prefix'));
  const installMs = performance.now() - started;
  const installedMb = diskBytes(installed.prefix) / MB;
  report({ section: 'package', name: 'installed size (npm install -g of the tarball)', value: `${installedMb.toFixed(1)} MB`, target: `≤ ${INSTALLED_TARGET_MB} MB`, pass: installedMb <= INSTALLED_TARGET_MB });

  // The compile alone: the same install step npm ran for better-sqlite3, run again.
  started = performance.now();
  const rebuilt = await run('npm', ['rebuild', 'better-sqlite3'], { cwd: installed.dir });
  const compileMs = performance.now() - started;
  if (rebuilt.code !== 0) throw new Error(`npm rebuild better-sqlite3 failed:\n${rebuilt.stderr}`);
  report({ section: 'package', name: 'install time from the tarball', value: ms(installMs), note: `compiling better-sqlite3 ${ms(compileMs)}, ${((100 * compileMs) / installMs).toFixed(0)}% of it` });

  const runs: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < starts; i++) {
    const home = path.join(work, `home-${i}`);
    const data = path.join(home, 'opencode');
    mkdirSync(data, { recursive: true });
    runs.push(await firstPage(installed.bin, home, data));
  }
  const first = median(runs.map((r) => r.wall));
  const note = `each: ${runs.map((r) => `${ms(r.wall)} (CPU ${ms(r.cpu)})`).join(', ')}; load average ${os.loadavg()[0]?.toFixed(1)}`;
  report({ section: 'package', name: `first page answered after launch, empty data folders (median of ${starts})`, value: ms(first), target: `≤ ${ms(FIRST_PAGE_TARGET_MS)}`, pass: first <= FIRST_PAGE_TARGET_MS, note });
}
