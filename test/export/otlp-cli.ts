// Runs `sessionscope export` as a user does (a child process of bin/sessionscope.mjs) on the real-agent
// fixtures of every source, with its own HOME and cache, asynchronously: the test's loopback receiver
// answers in this process while the command runs.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = path.join(repo, 'test', 'fixtures');

/** The data folders of every source, as the dashboard takes them (OpenCode's is a copy: its database is opened in place otherwise). */
export function fixtureData(opencodeDir: string) {
  return {
    opencodeDir,
    claudeDir: path.join(fixtures, 'claude-2.1.328', 'projects'),
    piDir: path.join(fixtures, 'pi-0.73.1', 'sessions'),
    ompDir: path.join(fixtures, 'omp-18.3.4', 'sessions'),
    codexDir: path.join(fixtures, 'codex-0.171.0', 'sessions'),
    geminiDir: path.join(fixtures, 'gemini-0.61.0'),
  };
}

export type FixtureData = ReturnType<typeof fixtureData>;

/** A cache folder of its own: the session database (and its ledger) a run keeps. */
export function freshCache(): string {
  return mkdtempSync(path.join(os.tmpdir(), 'sessionscope-otlp-cache-'));
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runExport(data: FixtureData, cache: string, args: string[], env: Record<string, string> = {}): Promise<CliRun> {
  const flags = ['--opencode-dir', data.opencodeDir, '--claude-dir', data.claudeDir, '--pi-dir', data.piDir, '--omp-dir', data.ompDir, '--codex-dir', data.codexDir, '--gemini-dir', data.geminiDir];
  const child = spawn(process.execPath, [path.join(repo, 'bin', 'sessionscope.mjs'), 'export', ...flags, ...args], {
    cwd: repo,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', HOME: cache, XDG_CACHE_HOME: cache, XDG_DATA_HOME: cache, ...env } as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}
