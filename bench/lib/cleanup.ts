import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dirs = new Set<string>();
const children = new Set<ChildProcess>();
let keep = false;

/** A temp folder removed at exit (also on failure and Ctrl-C), unless --keep. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `sessionscope-bench-${prefix}-`));
  dirs.add(dir);
  return dir;
}

export function keepTempDirs(): void {
  keep = true;
}

/** Children killed at exit: only those this run started, by pid. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export function cleanup(): void {
  for (const child of children) if (child.exitCode === null && child.pid) child.kill('SIGKILL');
  children.clear();
  if (!keep) for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  else if (dirs.size > 0) console.log(`kept: ${[...dirs].join(' ')}`);
  dirs.clear();
}

let installed = false;
export function installCleanup(): void {
  if (installed) return;
  installed = true;
  process.on('exit', cleanup);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      cleanup();
      process.exit(130);
    });
  }
}
