// A dashboard stopped while real OpenCode is mid-turn, started again after the turn ended. OpenCode
// completes a reply in place: its tool part goes from running to completed and the reply gets its
// tokens with a new `time_updated`, without always stamping the session (seen on 1.18.33: a subagent's
// prompt updated 430 ms after its session's last stamp). The restart follows on from where the last
// run stopped (the session database's resume mark): what a cold start reads, without reading again
// the session that had ended before.
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Store } from '@/lib/server/store/store';
import { databaseRows, modelFigures, storeOn } from '../db/support/session-db-store';
import { startModelServer } from '../tools/model-server';
import { createHome, createProject, dataDirOf, MODELS, removeDir, runPrompt } from '../tools/run-opencode';
import { liveScenarios, promptFor, SCENARIOS } from '../tools/scenarios';

const VERSION = '1.18.33';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

const sqliteOf = (store: Store) => store.indexes.find((index) => index.reader.kind === 'opencode-sqlite')!;

/** What the sessions list shows of each session. */
function listed(store: Store) {
  return [...store.summaryMap().values()]
    .map((s) => ({ id: s.id, parentID: s.parentID, title: s.title, messages: s.messageCount, cost: Number((s.cost ?? 0).toFixed(9)), tokens: s.tokens, status: s.status.status }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * The session database's rows. Of parts, the tool calls: it keeps every one, and of the other parts
 * those it was given (the newest messages' at a cold start; those written while it followed, as live).
 */
function heldRows(store: Store) {
  const rows = databaseRows(store);
  return { ...rows, parts: rows.parts.filter((row) => (JSON.parse(row) as { type: string }).type === 'tool') };
}

describe(`a dashboard stopped while OpenCode ${VERSION} runs a turn`, () => {
  it('starts again from where it stopped: the turn finished meanwhile reads as a cold start reads it, a session that had ended is not read again', { timeout: 240_000 }, async () => {
    const model = await startModelServer([SCENARIOS.plain, ...liveScenarios(150)]);
    cleanups.push(() => model.close());
    const home = await createHome();
    cleanups.push(() => removeDir(home));
    const dataDir = dataDirOf(home);
    mkdirSync(dataDir, { recursive: true });
    const project = await createProject(home, 'resume', model.url);
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-resume-live-'));
    cleanups.push(() => removeDir(cacheDir));
    const cacheFile = path.join(cacheDir, 'sessions.db');

    // Two sessions that ended before the dashboard started: the older one is quiet (the newer one was
    // stamped last, and a running dashboard keeps re-reading the last-stamped session for a while).
    const older = await runPrompt({ version: VERSION, home, project, model: MODELS.large, prompt: promptFor('plain'), timeoutMs: 120_000 });
    expect(older.code, older.stderr).toBe(0);
    const peek = storeOn(dataDir, null);
    await peek.start();
    const quiet = [...peek.summaryMap().keys()];
    peek.stop();
    expect(quiet).toHaveLength(1);
    const newer = await runPrompt({ version: VERSION, home, project, model: MODELS.large, prompt: promptFor('plain'), timeoutMs: 120_000 });
    expect(newer.code, newer.stderr).toBe(0);
    const first = storeOn(dataDir, cacheFile);
    await first.start();
    const ended = [...first.summaryMap().keys()];
    expect(ended).toHaveLength(2);

    // A slow turn: the dashboard follows it until its command runs, then stops.
    const running = runPrompt({ version: VERSION, home, project, model: MODELS.large, prompt: '[ssc:live] Work slowly, run a command, then delegate.', timeoutMs: 180_000 });
    const dbPath = path.join(dataDir, 'opencode.db');
    expect(existsSync(dbPath)).toBe(true);
    let sawTool = false;
    for (let i = 0; i < 600 && !sawTool; i++) {
      await first.absorb(sqliteOf(first), [dbPath]);
      sawTool = [...first.summaryMap().values()].some((s) => s.status.activity?.kind === 'tool');
      if (!sawTool) await sleep(100);
    }
    expect(sawTool).toBe(true);
    first.stop();
    const run = await running;
    expect(run.code, run.stderr).toBe(0);

    const again = storeOn(dataDir, cacheFile);
    const cold = storeOn(dataDir, null);
    cleanups.push(async () => {
      again.stop();
      cold.stop();
    });
    const taken = new Set<string>();
    const unsubscribe = again.onChange((change) => {
      if (change.index === sqliteOf(again) && !change.live) for (const message of change.changes.messages) taken.add(message.sessionID);
    });
    await again.start();
    unsubscribe();
    await cold.start();
    // The turn, its subagent and their figures as a cold start has them; the turn ended waiting for the person.
    expect(listed(again)).toEqual(listed(cold));
    expect(modelFigures(again)).toEqual(modelFigures(cold));
    expect(heldRows(again)).toEqual(heldRows(cold));
    const turn = listed(again).find((s) => !ended.includes(s.id) && !s.parentID);
    expect(turn?.status).toBe('waiting-for-user');
    // Followed on from the mark: the quiet session was not read again.
    expect(taken.size).toBeGreaterThan(0);
    expect([...taken].filter((id) => quiet.includes(id))).toEqual([]);
  });
});
