// Writes test/fixtures/omp-<version>/ by running the real oh-my-pi offline against the scripted
// model server (`npm run fixtures -- omp`).
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freshHome, record, type AgentRun } from './generate-agent-fixtures';
import { startModelServer } from './model-server';
import { OMP_VERSION } from './omp-bin';
import { ompOracle } from './omp-oracle';
import { ompPicker } from './omp-scenarios';
import { OMP_MODELS, ompSessionsOf, runOmp, writeOmpModels } from './run-omp';

export async function generateOmpFixture(fixturesDir: string): Promise<void> {
  const name = `omp-${OMP_VERSION}`;
  const { home, dirs } = await freshHome(name, ['alpha', 'beta']);
  const alpha = dirs.alpha!;
  const beta = dirs.beta!;
  const server = await startModelServer(ompPicker());
  await writeOmpModels(home, server.url);
  const runs: AgentRun[] = [];
  try {
    const run = async (step: string, cwd: string, prompt: string, options: { model?: string; args?: string[]; fail?: boolean } = {}) => {
      const result = await runOmp({ home, cwd, prompt, ...options });
      record(runs, step, cwd === alpha ? 'alpha' : 'beta', [...(options.args ?? []), ...(options.model ? ['--model', options.model] : [])], result, options.fail);
      return result;
    };
    await run('tools, auto thinking (side calls), a big output', alpha, '[ssc:o-tools] Inspect the project, print numbers, then write notes.', { args: ['--thinking', 'auto'] });
    await run('task subagent that yields', alpha, '[ssc:o-task] Ask a subagent to summarize the readme.');
    await run('resume: first', beta, '[ssc:o-resume] First question.');
    await run('resume: -c with another model', beta, 'Second question.', { args: ['-c'], model: OMP_MODELS[1].id });
    await run('failing request', beta, '[ssc:o-fail] This never gets an answer.', { fail: true });
  } finally {
    await server.close();
  }
  const target = join(fixturesDir, name);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  await cp(ompSessionsOf(home), join(target, 'sessions'), { recursive: true });
  const oracle = await ompOracle(join(target, 'sessions'));
  await writeFile(join(target, 'oracle.json'), `${JSON.stringify({ fixture: name, ompVersion: OMP_VERSION, ...oracle, runs }, null, 2)}\n`);
  await rm(home, { recursive: true, force: true });
}
