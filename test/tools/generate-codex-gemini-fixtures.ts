// Writes test/fixtures/codex-<version>/ and gemini-<version>/ by running the real Codex CLI and
// Gemini CLI offline against the scripted model server (`npm run fixtures -- codex` / `-- gemini`).
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CODEX_VERSION, GEMINI_LEGACY_VERSION, GEMINI_VERSION } from './agent-bins';
import { codexOracle, geminiOracle } from './codex-gemini-oracle';
import { codexScenarios, fillSpawnedAgent, geminiScenarios } from './codex-gemini-scenarios';
import { freshHome, record, type AgentRun } from './generate-agent-fixtures';
import { startModelServer } from './model-server';
import { codexSessionsOf, runCodex, writeCodexConfig } from './run-codex';
import { geminiDirOf, runGemini, writeGeminiSettings } from './run-gemini';

export async function generateCodexFixture(fixturesDir: string): Promise<void> {
  const name = `codex-${CODEX_VERSION}`;
  const { home, dirs } = await freshHome(name, ['alpha', 'beta']);
  const alpha = dirs.alpha!;
  const beta = dirs.beta!;
  const server = await startModelServer(codexScenarios(alpha), { rewrite: fillSpawnedAgent });
  await writeCodexConfig(home, server.url);
  const runs: AgentRun[] = [];
  try {
    const run = async (step: string, cwd: string, prompt: string, options: { model?: string; command?: string[]; fail?: boolean } = {}) => {
      const result = await runCodex({ home, cwd, prompt, ...options });
      record(runs, step, cwd === alpha ? 'alpha' : 'beta', [...(options.command ?? []), ...(options.model ? ['-m', options.model] : [])], result, options.fail);
      return result;
    };
    await run('tools', alpha, '[ssc:x-tools] Inspect the project: read the readme and the other file.');
    const first = await run('resume: first', alpha, '[ssc:x-resume] First question.');
    if (!first.threadId) throw new Error('no thread id from the first resume run');
    await run('resume: --last with another model', alpha, 'Second question.', { command: ['resume', '--last'], model: 'gpt-5.4' });
    await run('resume: by id', alpha, 'Third question.', { command: ['resume', first.threadId] });
    await run('fork', alpha, 'Fourth question, in a fork.', { command: ['fork', first.threadId] });
    // multi_agent_v1 is offered directly only to a model without bundled metadata.
    await run('subagent', alpha, '[ssc:x-task] Ask a subagent to read the readme.', { model: 'gpt-5-mock' });
    await run('big tool output', alpha, '[ssc:x-big] Print many lines.');
    await run('500 then success', beta, '[ssc:x-retry] Answer despite one failed attempt.');
    await run('every attempt failing', beta, '[ssc:x-fail] This never gets an answer.', { fail: true });
  } finally {
    await server.close();
  }
  const target = join(fixturesDir, name);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  await cp(codexSessionsOf(home), join(target, 'sessions'), { recursive: true });
  const oracle = await codexOracle(join(target, 'sessions'));
  await writeFile(join(target, 'oracle.json'), `${JSON.stringify({ fixture: name, codexVersion: CODEX_VERSION, ...oracle, runs }, null, 2)}\n`);
  await rm(home, { recursive: true, force: true });
}

export async function generateGeminiFixture(fixturesDir: string): Promise<void> {
  const name = `gemini-${GEMINI_VERSION}`;
  const { home, dirs } = await freshHome(name, ['alpha', 'beta']);
  const alpha = dirs.alpha!;
  const beta = dirs.beta!;
  const server = await startModelServer(geminiScenarios(alpha));
  await writeGeminiSettings(home);
  const runs: AgentRun[] = [];
  try {
    const run = async (step: string, cwd: string, prompt: string, options: { model?: string; args?: string[]; fail?: boolean } = {}) => {
      const result = await runGemini({ home, cwd, serverUrl: server.url, prompt, ...options });
      record(runs, step, cwd === alpha ? 'alpha' : 'beta', [...(options.args ?? []), ...(options.model ? ['-m', options.model] : [])], result, options.fail);
      return result;
    };
    await run('tools', alpha, '[ssc:g-tools] Inspect the project: read the readme and the other file.', { model: 'gemini-2.5-pro' });
    const first = await run('resume: first (the router picks the model)', alpha, '[ssc:g-resume] First question.');
    if (!first.sessionId) throw new Error('no session id from the first resume run');
    await run('resume: -r latest with another model', alpha, 'Second question.', { args: ['-r', 'latest'], model: 'gemini-2.5-pro' });
    await run('resume: -r <id>', alpha, 'Third question.', { args: ['-r', first.sessionId] });
    await run('subagent', alpha, '[ssc:g-task] Ask a subagent to read the readme.', { model: 'gemini-3.1-pro-preview-customtools' });
    await run('big tool output', alpha, '[ssc:g-big] Print many lines.', { model: 'gemini-2.5-pro' });
    await run('500 then success', beta, '[ssc:g-retry] Answer despite one failed attempt.', { model: 'gemini-2.5-pro' });
    // Last: the next start of the CLI deletes a session without an answer (session retention).
    await run('every attempt failing', beta, '[ssc:g-fail] This never gets an answer.', { model: 'gemini-2.5-pro', fail: true });
  } finally {
    await server.close();
  }
  const target = join(fixturesDir, name);
  const gemini = geminiDirOf(home);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  await cp(join(gemini, 'projects.json'), join(target, 'projects.json'));
  await cp(join(gemini, 'tmp'), join(target, 'tmp'), { recursive: true });
  const oracle = await geminiOracle(target);
  await writeFile(join(target, 'oracle.json'), `${JSON.stringify({ fixture: name, geminiVersion: GEMINI_VERSION, ...oracle, runs }, null, 2)}\n`);
  await rm(home, { recursive: true, force: true });
}

/**
 * `gemini-<legacy version>/`: a `~/.gemini` of the versions that wrote each chat as one JSON
 * document in `tmp/<sha256 of the directory>/chats/` (no projects.json, no subagents yet).
 */
export async function generateGeminiLegacyFixture(fixturesDir: string): Promise<void> {
  const name = `gemini-${GEMINI_LEGACY_VERSION}`;
  const { home, dirs } = await freshHome(name, ['alpha']);
  const alpha = dirs.alpha!;
  const server = await startModelServer(geminiScenarios(alpha));
  await writeGeminiSettings(home, { legacy: true });
  const runs: AgentRun[] = [];
  try {
    const run = async (step: string, prompt: string, options: { args?: string[] } = {}) => {
      const result = await runGemini({ home, cwd: alpha, serverUrl: server.url, prompt, model: 'gemini-2.5-pro', version: GEMINI_LEGACY_VERSION, ...options });
      record(runs, step, 'alpha', [...(options.args ?? []), '-m', 'gemini-2.5-pro'], result);
    };
    await run('tools', '[ssc:g-tools] Inspect the project: read the readme and the other file.');
    await run('resume: first', '[ssc:g-resume] First question.');
    await run('resume: -r latest', 'Second question.', { args: ['-r', 'latest'] });
  } finally {
    await server.close();
  }
  const target = join(fixturesDir, name);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  await cp(join(geminiDirOf(home), 'tmp'), join(target, 'tmp'), { recursive: true, filter: (src) => !src.endsWith('logs.json') });
  const oracle = await geminiOracle(target);
  await writeFile(join(target, 'oracle.json'), `${JSON.stringify({ fixture: name, geminiVersion: GEMINI_LEGACY_VERSION, ...oracle, runs }, null, 2)}\n`);
  await rm(home, { recursive: true, force: true });
}
