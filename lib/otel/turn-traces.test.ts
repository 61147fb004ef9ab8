import { describe, expect, it } from 'vitest';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { SessionInfo } from '@/lib/model/session';
import { emptyTokens } from '@/lib/model/tokens';
import type { OtelSession, SessionTree } from './session-tree';
import { tracesOfRoot } from './turn-traces';

function session(id: string, parentID?: string, created = 1_000): SessionInfo {
  return { id, source: 'opencode-sqlite', projectID: 'p', directory: '/p', title: id, time: { created, updated: created }, origin: 'x', ...(parentID ? { parentID } : {}) };
}
function user(sessionID: string, id: string, at: number): MessageInfo {
  return { id, sessionID, role: 'user', time: { created: at }, cost: 0, tokens: emptyTokens() };
}
function reply(sessionID: string, id: string, parentID: string, at: number, extra: Partial<MessageInfo> = {}): MessageInfo {
  return { id, sessionID, role: 'assistant', parentID, time: { created: at, completed: at + 100 }, providerID: 'anthropic', modelID: 'claude-x', agent: 'build', cost: 0.5, tokens: { ...emptyTokens(), input: 10, output: 5 }, finish: 'stop', ...extra };
}
function tree(sessions: OtelSession[]): SessionTree {
  const byId = new Map(sessions.map((s) => [s.info.id, s]));
  return { session: (id) => byId.get(id), children: (id) => sessions.filter((s) => s.info.parentID === id).map((s) => s.info.id) };
}
const text = (sessionID: string, messageID: string, id: string, value: string): Part => ({ id, sessionID, messageID, type: 'text', text: value });

const root: OtelSession = {
  info: session('root'),
  running: false,
  messages: [user('root', 'u1', 1_000), reply('root', 'a1', 'u1', 1_100), user('root', 'u2', 5_000), reply('root', 'a2', 'u2', 5_100)],
  parts: [
    text('root', 'u1', 't1', 'first prompt'),
    { id: 'call1', sessionID: 'root', messageID: 'a1', type: 'tool', callID: 'toolu_1', tool: 'task', status: 'completed', input: { prompt: 'go' }, output: 'done', childSessionID: 'child', time: { start: 1_150, end: 1_900 } },
    text('root', 'a1', 't2', 'first answer'),
  ],
};
const child: OtelSession = {
  info: session('child', 'root', 1_200),
  running: false,
  messages: [user('child', 'cu1', 1_200), reply('child', 'ca1', 'cu1', 1_300, { agent: 'general' })],
  parts: [],
};

describe('tracesOfRoot', () => {
  it('makes one trace per turn with ids that do not change between runs', () => {
    const a = tracesOfRoot('root', tree([root, child]), { exportText: false });
    const b = tracesOfRoot('root', tree([root, child]), { exportText: false });
    expect(a.traces.map((t) => t.turnID)).toEqual(['u1', 'u2']);
    expect(a).toEqual(b);
    expect(new Set(a.traces.flatMap((t) => t.spans.map((s) => s.spanId))).size).toBe(a.traces.reduce((n, t) => n + t.spans.length, 0));
  });

  it("nests the subagent's turns under the call that started it, in the parent's trace", () => {
    const [first] = tracesOfRoot('root', tree([root, child]), { exportText: false }).traces;
    const call = first!.spans.find((s) => s.name === 'execute_tool task');
    const childAgent = first!.spans.find((s) => s.name === 'invoke_agent general');
    expect(call?.attributes['gen_ai.tool.call.id']).toBe('toolu_1');
    expect(childAgent?.parentSpanId).toBe(call?.spanId);
    expect(childAgent?.attributes).toMatchObject({ 'session.id': 'root', 'gen_ai.conversation.id': 'child' });
    const rootSpan = first!.spans.find((s) => !s.parentSpanId);
    expect(rootSpan?.name).toBe('invoke_agent build');
    // The turn lasts until its subagent's last reply, though the call returned before.
    expect(rootSpan?.end).toBe(1_900);
  });

  it('places a subagent no call names under the turn it began in', () => {
    const unlinked: OtelSession = { ...child, info: session('late', 'root', 5_050), messages: [user('late', 'lu', 5_050), reply('late', 'la', 'lu', 5_060)] };
    const { traces } = tracesOfRoot('root', tree([root, child, unlinked]), { exportText: false });
    const second = traces.find((t) => t.turnID === 'u2')!;
    const late = second.spans.find((s) => s.attributes['gen_ai.conversation.id'] === 'late' && s.name.startsWith('invoke_agent'));
    expect(late?.parentSpanId).toBe(second.spans.find((s) => !s.parentSpanId)?.spanId);
  });

  it('holds back the last turn while the session or a subagent in it is still running', () => {
    expect(tracesOfRoot('root', tree([{ ...root, running: true }, child]), { exportText: false })).toMatchObject({ running: 1, traces: [{ turnID: 'u1' }] });
    expect(tracesOfRoot('root', tree([root, { ...child, running: true }]), { exportText: false })).toMatchObject({ running: 1, traces: [{ turnID: 'u2' }] });
  });

  it('gives a span per step where the source records steps, with the step figures', () => {
    const stepped: OtelSession = {
      ...root,
      parts: [
        { id: 's1', sessionID: 'root', messageID: 'a1', type: 'step-start', time: { start: 1_100 } },
        { id: 'f1', sessionID: 'root', messageID: 'a1', type: 'step-finish', reason: 'tool-calls', cost: 0.2, tokens: { ...emptyTokens(), input: 4, cacheRead: 7 }, time: { start: 1_140 } },
        { id: 's2', sessionID: 'root', messageID: 'a1', type: 'step-start', time: { start: 1_150 } },
        { id: 'f2', sessionID: 'root', messageID: 'a1', type: 'step-finish', reason: 'stop', cost: 0.3, tokens: { ...emptyTokens(), input: 6, output: 5 }, time: { start: 1_190 } },
      ],
    };
    const [first] = tracesOfRoot('root', tree([stepped]), { exportText: false }).traces;
    const chats = first!.spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
    expect(chats.map((c) => [c.start, c.end, c.attributes['gen_ai.usage.cost'], c.attributes['gen_ai.usage.cache_read.input_tokens'], c.attributes['gen_ai.response.finish_reasons']])).toEqual([
      [1_100, 1_140, 0.2, 7, ['tool-calls']],
      [1_150, 1_190, 0.3, 0, ['stop']],
    ]);
  });

  it('sends prompt, answer and tool text only when asked', () => {
    const without = tracesOfRoot('root', tree([root, child]), { exportText: false }).traces[0]!;
    expect(JSON.stringify(without)).not.toContain('first prompt');
    const withText = tracesOfRoot('root', tree([root, child]), { exportText: true }).traces[0]!;
    const agent = withText.spans.find((s) => !s.parentSpanId);
    expect(agent?.attributes).toMatchObject({ 'input.value': 'first prompt', 'output.value': 'first answer' });
    expect(withText.spans.find((s) => s.name === 'execute_tool task')?.attributes).toMatchObject({ 'input.value': '{"prompt":"go"}', 'output.value': 'done' });
  });
});
