// The dashboard watching the real Claude Code and pi: after each run (new session, resume, fork,
// subagent) the API equals a cold read of the same files. LIVE_REPEAT rounds (default 2; run 20
// by hand). LIVE_WITHIN_MS bounds the wait (default 15 s on shared CI machines; the 1 s
// target is measured and printed).
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { startServer, type StartedServer } from '../support/start-server';
import { claudeScenarios, piScenarios } from '../tools/agent-scenarios';
import { startModelServer } from '../tools/model-server';
import { createHome, removeDir } from '../tools/run-opencode';
import { claudeProjectsOf, runClaude } from '../tools/run-claude';
import { piSessionsOf, runPi, writePiModels } from '../tools/run-pi';
import { SAMPLE_FILE, SAMPLE_FILE_CONTENT } from '../tools/scenarios';
import { writeFile } from 'node:fs/promises';

const REPEAT = Math.max(1, Number(process.env.LIVE_REPEAT ?? 2));
const WITHIN_MS = Number(process.env.LIVE_WITHIN_MS ?? 15_000);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const comparable = (s: SessionSummary) => ({
  id: s.id,
  parentID: s.parentID,
  forkedFrom: s.forkedFrom,
  title: s.title,
  messageCount: s.messageCount,
  turnCount: s.turnCount,
  cost: s.cost,
  tokens: s.tokens,
  models: s.models,
  childCount: s.childCount,
  total: { ...s.total, lastActivity: undefined },
});
const sorted = (list: SessionSummary[]) => list.map(comparable).sort((a, b) => a.id.localeCompare(b.id));

async function cold(dirs: { claudeDir?: string; piDir?: string }, none: string): Promise<ReturnType<typeof sorted>> {
  const store = new Store(createReaders({ opencodeDir: none, databases: [], ...dirs }));
  await store.start();
  const list = sorted([...store.summaryMap().values()]);
  store.stop();
  return list;
}

const waits: number[] = [];

/** Polls the API until it equals a cold read; returns how long that took. */
async function expectLiveEqualsCold(dash: StartedServer, dirs: { claudeDir?: string; piDir?: string }, none: string, step: string): Promise<void> {
  const started = Date.now();
  const want = await cold(dirs, none);
  let got: ReturnType<typeof sorted> = [];
  while (Date.now() - started < WITHIN_MS) {
    const response = await fetch(`${dash.url}/api/sessions?limit=500`);
    got = sorted(((await response.json()) as { sessions: SessionSummary[] }).sessions);
    if (JSON.stringify(got) === JSON.stringify(want)) break;
    await sleep(50);
  }
  waits.push(Date.now() - started);
  expect(got, step).toEqual(want);
}

async function project(home: string, name: string): Promise<string> {
  const dir = path.join(home, name);
  mkdirSync(dir, { recursive: true });
  await writeFile(path.join(dir, SAMPLE_FILE), SAMPLE_FILE_CONTENT);
  return dir;
}

describe('live: the dashboard watching the real Claude Code and pi', () => {
  it(`Claude Code: new session, resume, fork, subagent, ${REPEAT}x: the API equals a cold read after each`, { timeout: 120_000 * REPEAT }, async () => {
    const home = await createHome('sessionscope-live-claude-');
    cleanups.push(() => removeDir(home));
    const cwd = await project(home, 'live');
    const model = await startModelServer(claudeScenarios(cwd));
    cleanups.push(() => model.close());
    const claudeDir = claudeProjectsOf(home);
    mkdirSync(claudeDir, { recursive: true });
    const dash = await startServer({ opencodeDir: path.join(home, 'none'), claudeDir });
    cleanups.push(() => dash.stop());
    const dirs = { claudeDir };
    const none = path.join(home, 'none');
    for (let round = 1; round <= REPEAT; round++) {
      const step = async (name: string, prompt: string, args: string[] = []) => {
        const run = await runClaude({ home, cwd, serverUrl: model.url, prompt, args });
        expect(run.code, `${name}: ${run.stderr.slice(-500)}`).toBe(0);
        await expectLiveEqualsCold(dash, dirs, none, `round ${round}: ${name}`);
        return run;
      };
      const first = await step('new session', `[ssc:c-resume] Round ${round}, first question.`);
      expect(first.sessionId).toBeDefined();
      await step('resume', 'Second question.', ['--resume', first.sessionId!]);
      await step('fork', 'Third question, in a fork.', ['--resume', first.sessionId!, '--fork-session']);
      await step('subagent', `[ssc:c-task] Round ${round}: ask a subagent.`);
    }
    const live = ((await (await fetch(`${dash.url}/api/sessions?limit=500`)).json()) as { sessions: SessionSummary[] }).sessions;
    expect(live.filter((s) => s.forkedFrom)).toHaveLength(REPEAT);
    expect(live.filter((s) => s.parentID)).toHaveLength(REPEAT);
    console.log(`claude live: ${waits.length} checks, API equal to a cold read after at most ${Math.max(...waits)} ms (median ${[...waits].sort((a, b) => a - b)[Math.floor(waits.length / 2)]} ms)`);
  });

  it(`pi: new session, resume, fork, ${REPEAT}x: the API equals a cold read after each`, { timeout: 120_000 * REPEAT }, async () => {
    waits.length = 0;
    const home = await createHome('sessionscope-live-pi-');
    cleanups.push(() => removeDir(home));
    const cwd = await project(home, 'live');
    const model = await startModelServer(piScenarios());
    cleanups.push(() => model.close());
    await writePiModels(home, model.url);
    const piDir = piSessionsOf(home);
    mkdirSync(piDir, { recursive: true });
    const dash = await startServer({ opencodeDir: path.join(home, 'none'), piDir });
    cleanups.push(() => dash.stop());
    const dirs = { piDir };
    const none = path.join(home, 'none');
    const newest = (): string => {
      const folder = path.join(piDir, readdirSync(piDir)[0] ?? '');
      return path.join(folder, readdirSync(folder).filter((f) => f.endsWith('.jsonl')).sort().at(-1) ?? '');
    };
    for (let round = 1; round <= REPEAT; round++) {
      const step = async (name: string, prompt: string, args: string[] = []) => {
        const run = await runPi({ home, cwd, prompt, args });
        expect(run.code, `${name}: ${run.stderr.slice(-500)}`).toBe(0);
        await expectLiveEqualsCold(dash, dirs, none, `round ${round}: ${name}`);
      };
      await step('new session', `[ssc:p-resume] Round ${round}, first question.`);
      const file = newest();
      await step('resume', 'Second question.', ['--session', file]);
      await step('fork', 'Third question, in a fork.', ['--fork', file]);
    }
    const live = ((await (await fetch(`${dash.url}/api/sessions?limit=500`)).json()) as { sessions: SessionSummary[] }).sessions;
    expect(live.filter((s) => s.forkedFrom)).toHaveLength(REPEAT);
    console.log(`pi live: ${waits.length} checks, API equal to a cold read after at most ${Math.max(...waits)} ms (median ${[...waits].sort((a, b) => a - b)[Math.floor(waits.length / 2)]} ms)`);
  });
});
