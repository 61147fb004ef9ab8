// Gemini CLI names a chat file by the minute it starts (`session-<YYYY-MM-DDTHH-MM>-<id8>.jsonl`)
// and writes its header there before it knows it is resuming; it then appends the resume to the
// resumed file. A resume in a later minute than the session began leaves that first file beside
// the real one: the same session id, a header and the harness's <session_context>, no message
// (seen in test/live/codex-gemini-live.test.ts, where the dashboard kept the prompt as the title and
// a cold read the stray file's name). Here the files are written in the order the CLI wrote them
// and the dashboard reads each write, then must equal a cold read.
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { SessionSummary } from '@/lib/sessions/session-summary';

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const SESSION = '4aea2d63-8a10-4234-b80f-7de13e225395';
const PROMPT = '[ssc:live] Wait, then answer.';
const header = (startTime: string) => ({ sessionId: SESSION, projectHash: '96'.repeat(32), startTime, lastUpdated: startTime, kind: 'main' });
const context = (timestamp: string) => ({ id: 'd04923d38bb0f6017037e74183378ef4', timestamp, type: 'user', content: [{ text: '<session_context>\nThis is the Gemini CLI.\n</session_context>' }] });
const prompt = { id: 'a132ece8', timestamp: '2026-11-27T01:24:57.460Z', type: 'user', content: [{ text: PROMPT }] };
const call = { id: 'run_shell_command_0', name: 'run_shell_command', args: { command: 'sleep 4' }, status: 'success', result: [{ functionResponse: { id: 'run_shell_command_0', name: 'run_shell_command', response: { output: 'Output: (empty)' } } }] };
const waiting = { id: 'e3a8d505', timestamp: '2026-11-27T01:24:58.270Z', type: 'gemini', content: 'Waiting a little.', thoughts: [], tokens: { input: 2000, output: 30, cached: 500, thoughts: 0, tool: 0, total: 2030 }, model: 'gemini-2.5-pro' };
const toolResult = { id: '009b307a', timestamp: '2026-11-27T01:25:02.684Z', type: 'user', content: call.result };
const done = { id: '3c607321', timestamp: '2026-11-27T01:25:02.728Z', type: 'gemini', content: 'Done waiting.', thoughts: [], tokens: { input: 2200, output: 20, cached: 1900, thoughts: 0, tool: 0, total: 2220 }, model: 'gemini-2.5-pro' };
/** What a resume rewrites the old conversation to: no tokens, model or thoughts, the resume's time. */
const rewritten = (m: Record<string, unknown>) => ({ id: m.id, timestamp: '2026-11-27T01:25:11.596Z', type: m.type, content: typeof m.content === 'string' ? [{ text: m.content }] : m.content, ...('toolCalls' in m ? { toolCalls: m.toolCalls } : {}) });

/** The first run, in the minute 01:24. */
const FIRST_RUN = [header('2026-11-27T01:24:57.400Z'), { $set: { messages: [context('2026-11-27T01:24:57.401Z')] } }, prompt, waiting, { ...waiting, toolCalls: [call] }, toolResult, done];
/** `-r latest` at 01:25: a new chat's start, in a file named by this minute. */
const RESUME_START = [header('2026-11-27T01:25:11.595Z'), { $set: { messages: [context('2026-11-27T01:25:11.596Z')] } }];
/** Then the resume itself, appended to the resumed file. */
const RESUME = [
  { $set: { sessionId: SESSION } },
  { $set: { messages: [context('2026-11-27T01:24:57.401Z'), ...[prompt, { ...waiting, toolCalls: [call] }, toolResult, done].map(rewritten)] } },
  { id: '1fb7e734', timestamp: '2026-11-27T01:25:11.616Z', type: 'user', content: [{ text: 'Again.' }] },
  { id: '0b62089a', timestamp: '2026-11-27T01:25:11.827Z', type: 'gemini', content: 'Resumed.', thoughts: [], tokens: { input: 2400, output: 20, cached: 2100, thoughts: 0, tool: 0, total: 2420 }, model: 'gemini-2.5-pro' },
];
const lines = (records: readonly unknown[]) => records.map((r) => `${JSON.stringify(r)}\n`).join('');

const comparable = (s: SessionSummary) => ({ id: s.id, title: s.title, messageCount: s.messageCount, turnCount: s.turnCount, tokens: s.tokens, models: s.models });
const sessions = (store: Store) => [...store.summaryMap().values()].map(comparable).sort((a, b) => a.id.localeCompare(b.id));

async function cold(root: string, none: string): Promise<ReturnType<typeof sessions>> {
  const store = new Store(createReaders({ opencodeDir: none, databases: [], geminiDir: root }));
  await store.start();
  try {
    return sessions(store);
  } finally {
    store.stop();
  }
}

describe('Gemini CLI: a resume in a later minute than the session began', () => {
  it('the dashboard reading each write equals a cold read: one session, titled by its first prompt, also once the CLI deletes the stray file', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-gemini-minute-'));
    temps.push(root);
    const none = path.join(root, 'none');
    const chats = path.join(root, 'tmp', 'live', 'chats');
    mkdirSync(chats, { recursive: true });
    writeFileSync(path.join(root, 'tmp', 'live', '.project_root'), '/home/me/live\n');
    const resumed = path.join(chats, 'session-2026-11-27T01-24-4aea2d63.jsonl');
    const stray = path.join(chats, 'session-2026-11-27T01-25-4aea2d63.jsonl');

    const live = new Store(createReaders({ opencodeDir: none, databases: [], geminiDir: root }));
    await live.start();
    const gemini = live.indexes.find((index) => index.reader.kind === 'gemini');
    if (!gemini) throw new Error('no Gemini reader');
    try {
      writeFileSync(resumed, lines(FIRST_RUN));
      await live.absorb(gemini, [resumed]);
      writeFileSync(stray, lines(RESUME_START));
      await live.absorb(gemini, [stray]);
      appendFileSync(resumed, lines(RESUME));
      await live.absorb(gemini, [resumed]);
      const want = await cold(root, none);
      expect(want.map((s) => [s.id, s.title, s.turnCount])).toEqual([[SESSION, PROMPT, 2]]);
      expect(sessions(live)).toEqual(want);

      // The next start of the CLI deletes a chat without a prompt or a reply (session retention).
      rmSync(stray);
      await live.absorb(gemini, [stray]);
      expect(sessions(live)).toEqual(await cold(root, none));
      expect(sessions(live).map((s) => s.title)).toEqual([PROMPT]);
    } finally {
      live.stop();
    }
  });
});
