// The dashboard following OpenCode's revert (undo) while it happens, on data the real binary
// writes through `opencode serve`'s HTTP API. OpenCode 1.18 only marks the session at revert time
// (`session.revert`) and deletes rows when the next prompt is sent (SessionRevert.cleanup): with a
// partID, the messages after the reverted message and that message's parts from the part on;
// without one, the whole turn from its prompt on. Step 1 (parts removed, no message removed) is the
// one that needs the SQLite reader to notice removed parts: when messages go too, the dashboard
// already re-reads the whole session.
import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { getSessionDetail, type SessionDetail } from '@/lib/server/queries/get-session-detail';
import { getSessionSteps, type SessionSteps } from '@/lib/server/queries/get-session-steps';
import { withColdStore } from '../support/cold-store';
import { startServer } from '../support/start-server';
import { messageText, startModelServer, type Reply } from '../tools/model-server';
import { startServe } from '../tools/opencode-serve';
import { createHome, createProject, dataDirOf, MODELS, PROVIDER_ID, removeDir } from '../tools/run-opencode';
import { bash, read, SAMPLE_FILE } from '../tools/scenarios';

const VERSION = '1.18.33';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

/**
 * One scripted answer per prompt marker; `[i]` answers the i-th model step of that prompt. The
 * stock picker keys on the session's FIRST prompt, so this one keys on the latest marked prompt.
 */
const REPLIES: Record<string, Reply[]> = {
  '[rv:one]': [{ type: 'stream', text: 'First answer.', usage: { prompt: 1_000, completion: 10 } }],
  '[rv:two]': [
    // One assistant message with parts: step-start, text, tool read, tool bash, step-finish.
    {
      type: 'stream',
      text: 'Let me look first.',
      toolCalls: [read(SAMPLE_FILE), bash('echo revert-me', 'Print a word')],
      usage: { prompt: 2_000, completion: 20, cached: 500 },
    },
    { type: 'stream', text: 'Read it and printed the word.', usage: { prompt: 3_000, completion: 30, cached: 2_000 } },
  ],
  // A command the user stops (POST /abort) while it runs: the message ends with its tool parts.
  '[rv:three]': [
    {
      type: 'stream',
      text: 'Reading, then a long command.',
      toolCalls: [read(SAMPLE_FILE), bash('sleep 60 && echo too-late', 'Wait a minute')],
      usage: { prompt: 4_000, completion: 40 },
    },
  ],
  '[rv:four]': [{ type: 'stream', text: 'Fourth answer, after the first revert.', usage: { prompt: 5_000, completion: 50 } }],
  '[rv:five]': [{ type: 'stream', text: 'Fifth answer, after the second revert.', usage: { prompt: 6_000, completion: 60 } }],
  '[rv:six]': [{ type: 'stream', text: 'Sixth answer, after the third revert.', usage: { prompt: 7_000, completion: 70 } }],
};

/** OpenCode's own listing (GET /session/:id/message). */
interface OcMessage {
  info: { id: string; role: string };
  parts: { id: string; type: string; tool?: string; state?: { status?: string } }[];
}

/** What is compared: the session row's figures, the page's turns and parts, the step chart. */
interface View {
  summary: { messageCount: number; turnCount: number; cost: number; computedCost: number; tokens: unknown };
  turns: { id: string; messages: { id: string; role: string; parts: string[] }[]; cost: number; tokens: unknown }[];
  steps: { partCount: number; rows: SessionSteps['steps'] };
}

function viewOf(detail: SessionDetail, steps: SessionSteps): View {
  const s = detail.session;
  return {
    summary: { messageCount: s.messageCount, turnCount: s.turnCount, cost: s.cost, computedCost: s.computedCost, tokens: s.tokens },
    turns: detail.turns.map((turn) => ({
      id: turn.id,
      messages: [...(turn.user ? [turn.user] : []), ...turn.assistant].map((m) => ({ id: m.info.id, role: m.info.role, parts: m.parts.map((p) => p.id) })),
      cost: turn.cost,
      tokens: turn.tokens,
    })),
    steps: { partCount: steps.partCount, rows: steps.steps },
  };
}

/** Message ids with their part ids, in order. */
const idsOf = (view: View) => view.turns.flatMap((t) => t.messages.map((m) => ({ id: m.id, parts: m.parts })));
const allPartIds = (view: View) => view.turns.flatMap((t) => t.messages.flatMap((m) => m.parts));
const allMessageIds = (view: View) => view.turns.flatMap((t) => t.messages.map((m) => m.id));

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url} -> ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

describe(`live: the dashboard following a revert in real OpenCode ${VERSION}`, () => {
  it('drops the messages and parts OpenCode deletes after a revert, as a cold read does', { timeout: 240_000 }, async () => {
    const model = await startModelServer((request) => {
      const messages = request.messages ?? [];
      let latest = -1;
      let marker = '';
      messages.forEach((m, i) => {
        const found = m.role === 'user' ? /\[rv:\w+\]/.exec(messageText(m.content))?.[0] : undefined;
        if (found) [latest, marker] = [i, found];
      });
      const step = messages.slice(latest + 1).filter((m) => m.role === 'assistant').length;
      return REPLIES[marker]?.[step];
    });
    cleanups.push(() => model.close());
    const home = await createHome('sessionscope-revert-home-');
    cleanups.push(() => removeDir(home));
    const dataDir = dataDirOf(home);
    mkdirSync(dataDir, { recursive: true });
    const project = await createProject(home, 'revert', model.url);

    const [opencode, dash] = await Promise.all([
      startServe({ version: VERSION, home, cwd: project }),
      startServer({ opencodeDir: dataDir }),
    ]);
    cleanups.push(() => dash.stop());
    cleanups.push(() => opencode.stop());

    const session = await opencode.request<{ id: string }>('POST', '/session', {});
    const id = session.id;
    const prompt = (marker: string) =>
      opencode.request<OcMessage>('POST', `/session/${id}/message`, {
        model: { providerID: PROVIDER_ID, modelID: MODELS.large.id },
        parts: [{ type: 'text', text: `${marker} Answer as scripted.` }],
      });
    const messagesOf = () => opencode.request<OcMessage[]>('GET', `/session/${id}/message`);
    /** OpenCode's own view: message ids with their part ids, in order. */
    const listing = async () => (await messagesOf()).map((m) => ({ id: m.info.id, parts: m.parts.map((p) => p.id) }));

    /** A fresh store on the data dir, read once: what a dashboard started now would show. */
    const coldView = (): Promise<View> =>
      withColdStore(dataDir, async (cold) => {
        const detail = await getSessionDetail(cold, id);
        const steps = await getSessionSteps(cold, id);
        if (!detail || !steps) throw new Error(`cold read has no session ${id}`);
        return viewOf(detail, steps);
      });
    /** The running dashboard over HTTP: the session page and its step chart. */
    const dashView = async (): Promise<View> =>
      viewOf(await getJson<SessionDetail>(`${dash.url}/api/sessions/${id}`), await getJson<SessionSteps>(`${dash.url}/api/sessions/${id}/steps`));
    /** Polls the dashboard until it shows what a cold read shows (the test fails with the last difference). */
    const settle = async (): Promise<{ live: View; cold: View }> => {
      const cold = await coldView();
      let live: View | undefined;
      for (const deadline = Date.now() + 20_000; Date.now() < deadline; await sleep(150)) {
        live = await dashView().catch(() => undefined);
        if (live && JSON.stringify(live) === JSON.stringify(cold)) break;
      }
      expect(live).toEqual(cold);
      return { live: live as View, cold };
    };

    const revert = (messageID: string, partID?: string) =>
      opencode.request<{ revert?: { messageID: string; partID?: string } }>('POST', `/session/${id}/revert`, partID ? { messageID, partID } : { messageID });
    const partsOf = (messages: readonly { id: string; parts: string[] }[], messageID: string) => messages.find((m) => m.id === messageID)?.parts;

    // A plain answer, a tool round (two assistant messages), then a long command the user stops.
    await prompt('[rv:one]');
    await prompt('[rv:two]');
    const stopped = prompt('[rv:three]');
    for (const deadline = Date.now() + 30_000; ; await sleep(100)) {
      const messages = await messagesOf();
      if (messages.at(-1)?.parts.find((p) => p.tool === 'bash')?.state?.status === 'running') break;
      if (Date.now() > deadline) throw new Error(`the long command never ran: ${JSON.stringify(messages.at(-1))}`);
    }
    await opencode.request('POST', `/session/${id}/abort`);
    const aborted = await stopped;
    expect(aborted.parts.map((p) => p.type)).toEqual(['step-start', 'text', 'tool', 'tool']);

    const full = await messagesOf();
    const before = full.map((m) => ({ id: m.info.id, parts: m.parts.map((p) => p.id) }));
    expect(before).toHaveLength(7);
    const toolRound = full.find((m) => m.info.role === 'assistant' && m.parts.some((p) => p.tool === 'bash'));
    if (!toolRound || toolRound === full.at(-1)) throw new Error(`no finished tool round in ${JSON.stringify(full)}`);
    expect(toolRound.parts.map((p) => p.type)).toEqual(['step-start', 'text', 'tool', 'tool', 'step-finish']);
    const roundIndex = full.indexOf(toolRound);
    const [abortedRead, abortedBash] = aborted.parts.filter((p) => p.type === 'tool').map((p) => p.id);
    const roundBash = toolRound.parts.findIndex((p) => p.tool === 'bash');

    // The dashboard shows it all, and has read the session page (its parts and step index are cached).
    const first = await settle();
    expect(idsOf(first.live)).toEqual(before);
    expect(first.live.summary.messageCount).toBe(7);
    expect(partsOf(idsOf(first.live), aborted.info.id)).toEqual(aborted.parts.map((p) => p.id));

    // 1. Undo the stopped command: revert to the read call inside the last message. OpenCode only marks
    // the session; the next prompt deletes that message's parts from the read call on, and no message.
    expect((await revert(aborted.info.id, abortedRead)).revert).toMatchObject({ messageID: aborted.info.id, partID: abortedRead });
    expect(await listing()).toEqual(before);
    const fourth = await prompt('[rv:four]');
    const afterPartsRevert = await listing();
    expect(afterPartsRevert.slice(0, 6)).toEqual(before.slice(0, 6));
    expect(afterPartsRevert[6]).toEqual({ id: aborted.info.id, parts: aborted.parts.slice(0, 2).map((p) => p.id) });
    expect(afterPartsRevert).toHaveLength(9);
    expect(afterPartsRevert.at(-1)?.id).toBe(fourth.info.id);

    const second = await settle();
    expect(idsOf(second.live)).toEqual(afterPartsRevert);
    expect(allPartIds(second.live)).not.toContain(abortedRead);
    expect(allPartIds(second.live)).not.toContain(abortedBash);
    expect(second.live.summary.messageCount).toBe(9);
    expect(second.live.steps.partCount).toBe(afterPartsRevert.reduce((n, m) => n + m.parts.length, 0));

    // 2. Revert to the bash call of the tool round: the messages after that round and the round's
    // parts from the bash call on (its step-finish too) go.
    const roundDoomedParts = toolRound.parts.slice(roundBash).map((p) => p.id);
    const doomedMessages = afterPartsRevert.slice(roundIndex + 1).map((m) => m.id);
    expect(doomedMessages).toHaveLength(5);
    expect((await revert(toolRound.info.id, roundDoomedParts[0])).revert).toMatchObject({ messageID: toolRound.info.id, partID: roundDoomedParts[0] });
    const fifth = await prompt('[rv:five]');
    const afterRoundRevert = await listing();
    expect(afterRoundRevert.slice(0, roundIndex)).toEqual(before.slice(0, roundIndex));
    expect(afterRoundRevert[roundIndex]).toEqual({ id: toolRound.info.id, parts: toolRound.parts.slice(0, roundBash).map((p) => p.id) });
    expect(afterRoundRevert).toHaveLength(roundIndex + 3);
    expect(afterRoundRevert.at(-1)?.id).toBe(fifth.info.id);

    const third = await settle();
    expect(idsOf(third.live)).toEqual(afterRoundRevert);
    for (const part of roundDoomedParts) expect(allPartIds(third.live)).not.toContain(part);
    for (const message of doomedMessages) expect(allMessageIds(third.live)).not.toContain(message);
    expect(third.live.summary.messageCount).toBe(6);

    // 3. Revert a whole turn: an assistant message without partID reverts from its prompt on.
    const fifthPrompt = afterRoundRevert.at(-2)?.id as string;
    const wholeTurn = await revert(fifth.info.id);
    expect(wholeTurn.revert?.messageID).toBe(fifthPrompt);
    expect(wholeTurn.revert?.partID).toBeUndefined();
    await prompt('[rv:six]');
    const afterTurnRevert = await listing();
    expect(afterTurnRevert.slice(0, -2)).toEqual(afterRoundRevert.slice(0, -2));
    expect(afterTurnRevert.map((m) => m.id)).not.toContain(fifthPrompt);
    // OpenCode stops writing: what the dashboard shows now is final.
    await opencode.stop();

    const last = await settle();
    expect(idsOf(last.live)).toEqual(afterTurnRevert);
    expect(allMessageIds(last.live)).not.toContain(fifthPrompt);
    expect(allMessageIds(last.live)).not.toContain(fifth.info.id);
    expect(last.live.summary.messageCount).toBe(6);
  });
});
