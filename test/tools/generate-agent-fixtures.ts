// Writes test/fixtures/claude-<version>/ and pi-<version>/ by running the real Claude Code and pi
// offline against the scripted model server (`npm run fixtures -- claude` / `-- pi`).
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLAUDE_VERSION, PI_VERSION } from './agent-bins';
import { claudeScenarios, piScenarios } from './agent-scenarios';
import { claudeOracle, piOracle } from './agent-oracle';
import { startModelServer } from './model-server';
import type { RunResult } from './run-binary';
import { claudeProjectsOf, runClaude } from './run-claude';
import { piSessionsOf, PI_MODELS, runPi, writePiModels } from './run-pi';
import { SAMPLE_FILE, SAMPLE_FILE_CONTENT, WRITTEN_FILE } from './scenarios';

export interface AgentRun {
  step: string;
  project: string;
  args: string[];
  exitCode: number | null;
  durationMs: number;
}

/** A fixed HOME path keeps `cwd` values stable between regenerations. */
export async function freshHome(name: string, projects: string[]): Promise<{ home: string; dirs: Record<string, string> }> {
  const home = join(tmpdir(), `sessionscope-fixture-${name}`);
  await rm(home, { recursive: true, force: true });
  const dirs: Record<string, string> = {};
  for (const project of projects) {
    const dir = join(home, project);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, SAMPLE_FILE), SAMPLE_FILE_CONTENT);
    dirs[project] = dir;
  }
  return { home, dirs };
}

export function record(runs: AgentRun[], step: string, project: string, args: string[], result: RunResult, expectFailure = false): void {
  runs.push({ step, project, args, exitCode: result.code, durationMs: result.durationMs });
  process.stdout.write(`  ${step} exit=${result.code} ${result.durationMs} ms\n`);
  if (result.code !== 0 && !expectFailure) throw new Error(`${step} exited ${result.code}:\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`);
}

/**
 * `full`: every scenario. `small`: tools, `--continue` and a subagent only, for a newer release that
 * should read exactly as the pinned one (what FORMATS.md says it adds is in those lines).
 */
export async function generateClaudeFixture(fixturesDir: string, version: string = CLAUDE_VERSION, set: 'full' | 'small' = 'full'): Promise<void> {
  const name = `claude-${version}`;
  const { home, dirs } = await freshHome(name, ['alpha', 'beta']);
  const alpha = dirs.alpha!;
  const beta = dirs.beta!;
  const server = await startModelServer(claudeScenarios(alpha));
  const runs: AgentRun[] = [];
  try {
    const run = async (step: string, cwd: string, prompt: string, options: { model?: string; args?: string[]; env?: Record<string, string>; fail?: boolean } = {}) => {
      const result = await runClaude({ home, cwd, serverUrl: server.url, prompt, version, ...options });
      record(runs, step, cwd === alpha ? 'alpha' : 'beta', [...(options.args ?? []), ...(options.model ? ['--model', options.model] : [])], result, options.fail);
      return result;
    };
    await run('tools', alpha, '[ssc:c-tools] Inspect the project, then write notes and edit the readme.');
    const first = await run('resume: first', alpha, '[ssc:c-resume] First question.');
    if (!first.sessionId) throw new Error('no session id from the first resume run');
    await run('resume: --continue with another model', alpha, 'Second question.', { args: ['--continue'], model: 'claude-haiku-4-5' });
    if (set === 'full') {
      await run('resume: --resume', alpha, 'Third question.', { args: ['--resume', first.sessionId] });
      await run('fork: --resume --fork-session', alpha, 'Fourth question, in a fork.', { args: ['--resume', first.sessionId, '--fork-session'] });
    }
    await rm(join(alpha, WRITTEN_FILE), { force: true });
    await run('subagent', alpha, '[ssc:c-task] Ask a subagent to summarize the readme.');
    if (set === 'full') {
      await run('background subagent', alpha, '[ssc:c-bg] Start a background agent and wait for it.');
      await run('529 then success', beta, '[ssc:c-retry] Answer despite one overloaded attempt.');
      await run('every attempt failing', beta, '[ssc:c-fail] This never gets an answer.', { env: { CLAUDE_CODE_MAX_RETRIES: '2' }, fail: true });
      await run('unknown model', beta, '[ssc:c-unknown] Use a model no price table knows.', { model: 'mystery-model-x' });
    }
  } finally {
    await server.close();
  }
  const target = join(fixturesDir, name);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  await cp(claudeProjectsOf(home), join(target, 'projects'), { recursive: true, filter: (src) => !src.endsWith('/memory') });
  const oracle = await claudeOracle(join(target, 'projects'));
  await writeFile(join(target, 'oracle.json'), `${JSON.stringify({ fixture: name, claudeVersion: version, ...oracle, runs }, null, 2)}\n`);
  await rm(home, { recursive: true, force: true });
}

export async function generatePiFixture(fixturesDir: string): Promise<void> {
  const name = `pi-${PI_VERSION}`;
  const { home, dirs } = await freshHome(name, ['alpha', 'beta']);
  const alpha = dirs.alpha!;
  const beta = dirs.beta!;
  const server = await startModelServer(piScenarios());
  await writePiModels(home, server.url);
  const runs: AgentRun[] = [];
  try {
    const run = async (step: string, cwd: string, prompt: string, options: { model?: string; args?: string[]; fail?: boolean } = {}) => {
      const result = await runPi({ home, cwd, prompt, ...options });
      record(runs, step, cwd === alpha ? 'alpha' : 'beta', [...(options.args ?? []), ...(options.model ? ['--model', options.model] : [])], result, options.fail);
      return result;
    };
    await run('tools', alpha, '[ssc:p-tools] Inspect the project, then write notes and edit the readme.', { args: ['--thinking', 'high'] });
    await run('resume: first', alpha, '[ssc:p-resume] First question.');
    await run('resume: -c with another model and thinking level', alpha, 'Second question.', { args: ['-c', '--thinking', 'low'], model: PI_MODELS[1].id });
    const folder = join(piSessionsOf(home), (await readdir(piSessionsOf(home))).find((d) => d.includes('alpha')) ?? '');
    const files = (await readdir(folder)).filter((f) => f.endsWith('.jsonl')).sort();
    const resumed = files.at(-1);
    if (!resumed) throw new Error('no pi session file to fork');
    await run('fork: --fork', alpha, 'Third question, in a fork.', { args: ['--fork', join(folder, resumed)] });
    await run('retry then success', beta, '[ssc:p-retry] Answer despite one failed attempt.', { fail: true });
    await run('failing request', beta, '[ssc:p-fail] This never gets an answer.', { fail: true });
    await run('model without declared cost', beta, '[ssc:p-free] Use the free model.', { model: PI_MODELS[2].id });
  } finally {
    await server.close();
  }
  const target = join(fixturesDir, name);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  await cp(piSessionsOf(home), join(target, 'sessions'), { recursive: true });
  const oracle = await piOracle(join(target, 'sessions'));
  await writeFile(join(target, 'oracle.json'), `${JSON.stringify({ fixture: name, piVersion: PI_VERSION, ...oracle, runs }, null, 2)}\n`);
  await rm(home, { recursive: true, force: true });
}
