// The dashboard watching the real Codex CLI and Gemini CLI: a session appears while its first
// turn is still running (a tool call that takes a few seconds), then after each run (new session,
// resume, Codex fork, a subagent) the API equals a cold read of the same files.
import { mkdirSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { startServer, type StartedServer } from '../support/start-server';
import type { Scenario } from '../tools/model-server';
import { startModelServer } from '../tools/model-server';
import { codexScenarios, fillSpawnedAgent, geminiScenarios } from '../tools/codex-gemini-scenarios';
import { codexSessionsOf, runCodex, writeCodexConfig } from '../tools/run-codex';
import { geminiDirOf, runGemini, writeGeminiSettings } from '../tools/run-gemini';
import { createHome, removeDir } from '../tools/run-opencode';
import { SAMPLE_FILE, SAMPLE_FILE_CONTENT } from '../tools/scenarios';

const WITHIN_MS = Number(process.env.LIVE_WITHIN_MS ?? 15_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

type Dirs = { codexDir?: string; geminiDir?: string };
const comparable = (s: SessionSummary) => ({ id: s.id, parentID: s.parentID, forkedFrom: s.forkedFrom, title: s.title, messageCount: s.messageCount, turnCount: s.turnCount, tokens: s.tokens, models: s.models, childCount: s.childCount });
const sorted = (list: SessionSummary[]) => list.map(comparable).sort((a, b) => a.id.localeCompare(b.id));

async function listed(dash: StartedServer): Promise<SessionSummary[]> {
  return ((await (await fetch(`${dash.url}/api/sessions?limit=500`)).json()) as { sessions: SessionSummary[] }).sessions;
}

async function cold(dirs: Dirs, none: string): Promise<ReturnType<typeof sorted>> {
  const store = new Store(createReaders({ opencodeDir: none, databases: [], ...dirs }));
  await store.start();
  const list = sorted([...store.summaryMap().values()]);
  store.stop();
  return list;
}

async function expectLiveEqualsCold(dash: StartedServer, dirs: Dirs, none: string, step: string): Promise<void> {
  const started = Date.now();
  let want = await cold(dirs, none);
  let got: ReturnType<typeof sorted> = [];
  while (Date.now() - started < WITHIN_MS) {
    got = sorted(await listed(dash));
    if (JSON.stringify(got) === JSON.stringify(want)) break;
    await sleep(50);
    // The agent may still have been writing when the cold read ran (a loaded CI machine read a
    // resumed chat mid-write once): the cold side is read again too, and both must meet.
    want = await cold(dirs, none);
  }
  expect(got, step).toEqual(want);
}

/** Waits until the API lists a session of `source` whose first response's tokens are in, while `running` has not ended. */
async function expectAppearsWhileRunning(dash: StartedServer, source: string, running: Promise<unknown>): Promise<void> {
  let ended = false;
  void running.finally(() => (ended = true));
  const started = Date.now();
  let seen: SessionSummary | undefined;
  while (!ended && Date.now() - started < WITHIN_MS) {
    seen = (await listed(dash)).find((s) => s.source === source && s.tokens.input > 0);
    if (seen) break;
    await sleep(50);
  }
  expect(seen, `a ${source} session listed with its first response before the run ended`).toBeDefined();
  expect(ended, 'the run was still going').toBe(false);
}

/** The first reply runs a command that takes a few seconds: the session is being written meanwhile. */
const slowScenarios = (shell: (cmd: string) => { name: string; input: Record<string, unknown> }): Scenario[] => [
  {
    name: 'live',
    keyword: '[ssc:live]',
    turns: [
      { type: 'stream', text: 'Waiting a little.', toolCalls: [shell('sleep 4')], usage: { prompt: 2_000, completion: 30, cached: 500 } },
      { type: 'stream', text: 'Done waiting.', usage: { prompt: 2_200, completion: 20, cached: 1_900 } },
      { type: 'stream', text: 'Resumed.', usage: { prompt: 2_400, completion: 20, cached: 2_100 } },
      { type: 'stream', text: 'Forked.', usage: { prompt: 2_600, completion: 20, cached: 2_300 } },
    ],
  },
];

async function project(home: string): Promise<string> {
  const dir = path.join(home, 'live');
  mkdirSync(dir, { recursive: true });
  await writeFile(path.join(dir, SAMPLE_FILE), SAMPLE_FILE_CONTENT);
  return dir;
}

describe('live: the dashboard watching the real Codex CLI and Gemini CLI', () => {
  it('Codex: a session appears while it runs, then a resume, a fork and a subagent: the API equals a cold read after each', { timeout: 300_000 }, async () => {
    const home = await createHome('sessionscope-live-codex-');
    cleanups.push(() => removeDir(home));
    const cwd = await project(home);
    const model = await startModelServer([...slowScenarios((cmd) => ({ name: 'exec_command', input: { cmd, workdir: cwd } })), ...codexScenarios(cwd)], { rewrite: fillSpawnedAgent });
    cleanups.push(() => model.close());
    await writeCodexConfig(home, model.url);
    const codexDir = codexSessionsOf(home);
    mkdirSync(codexDir, { recursive: true });
    const none = path.join(home, 'none');
    const dash = await startServer({ opencodeDir: none, codexDir });
    cleanups.push(() => dash.stop());
    const first = runCodex({ home, cwd, prompt: '[ssc:live] Wait, then answer.' });
    await expectAppearsWhileRunning(dash, 'codex', first);
    const done = await first;
    expect(done.code, done.stderr.slice(-500)).toBe(0);
    await expectLiveEqualsCold(dash, { codexDir }, none, 'new session');
    expect((await runCodex({ home, cwd, prompt: 'Again.', command: ['resume', '--last'] })).code).toBe(0);
    await expectLiveEqualsCold(dash, { codexDir }, none, 'resume');
    expect((await runCodex({ home, cwd, prompt: 'In a fork.', command: ['fork', done.threadId!] })).code).toBe(0);
    await expectLiveEqualsCold(dash, { codexDir }, none, 'fork');
    expect((await runCodex({ home, cwd, prompt: '[ssc:x-task] Ask a subagent.', model: 'gpt-5-mock' })).code).toBe(0);
    await expectLiveEqualsCold(dash, { codexDir }, none, 'subagent');
    const live = (await listed(dash)).filter((s) => s.source === 'codex');
    expect(live.map((s) => [s.turnCount, Boolean(s.forkedFrom), Boolean(s.parentID)]).sort()).toEqual([[1, false, false], [1, false, true], [1, true, false], [2, false, false]]);
    expect(live.find((s) => s.title.includes('[ssc:x-task]'))?.childCount).toBe(1);
  });

  it('Gemini: a session appears while it runs, then a resume and a subagent: the API equals a cold read after each', { timeout: 300_000 }, async () => {
    const home = await createHome('sessionscope-live-gemini-');
    cleanups.push(() => removeDir(home));
    const cwd = await project(home);
    const model = await startModelServer([...slowScenarios((cmd) => ({ name: 'run_shell_command', input: { command: cmd, description: 'Wait' } })), ...geminiScenarios(cwd)]);
    cleanups.push(() => model.close());
    await writeGeminiSettings(home);
    const geminiDir = geminiDirOf(home);
    const none = path.join(home, 'none');
    const dash = await startServer({ opencodeDir: none, geminiDir });
    cleanups.push(() => dash.stop());
    const first = runGemini({ home, cwd, serverUrl: model.url, prompt: '[ssc:live] Wait, then answer.', model: 'gemini-2.5-pro' });
    await expectAppearsWhileRunning(dash, 'gemini', first);
    const begun = await first;
    expect(begun.code).toBe(0);
    await expectLiveEqualsCold(dash, { geminiDir }, none, 'new session');
    expect((await runGemini({ home, cwd, serverUrl: model.url, prompt: 'Again.', model: 'gemini-2.5-pro', args: ['-r', 'latest'] })).code).toBe(0);
    await expectLiveEqualsCold(dash, { geminiDir }, none, 'resume');
    // Chat files are named by the minute their run started: a resume in a later minute than the
    // session began leaves its start's file (no prompt, the same id) beside the resumed one.
    const chats = path.join(geminiDir, 'tmp', 'live', 'chats');
    const filesOfFirst = () => readdirSync(chats).filter((name) => begun.sessionId && name.endsWith(`-${begun.sessionId.slice(0, 8)}.jsonl`));
    const crossedMinute = filesOfFirst().length > 1;
    expect((await listed(dash)).find((s) => s.id === begun.sessionId)?.turnCount, 'the resumed session').toBe(2);
    expect((await runGemini({ home, cwd, serverUrl: model.url, prompt: '[ssc:g-task] Ask a subagent.', model: 'gemini-2.5-pro' })).code).toBe(0);
    await expectLiveEqualsCold(dash, { geminiDir }, none, 'subagent');
    // At its next start, Gemini CLI 0.61.0 deletes that leftover, and every chat of the same short
    // id with it: the resumed session is gone from disk (the dashboard follows, as a cold read shows).
    const resumedKept = filesOfFirst().length > 0;
    expect(resumedKept || crossedMinute, 'the resumed chat is deleted only after a resume in a later minute').toBe(true);
    const live = (await listed(dash)).filter((s) => s.source === 'gemini');
    expect(live.map((s) => [s.turnCount, Boolean(s.parentID)]).sort()).toEqual(resumedKept ? [[1, false], [1, true], [2, false]] : [[1, false], [1, true]]);
    expect(live.find((s) => s.title.includes('[ssc:g-task]'))?.childCount).toBe(1);
  });
});
