import { describe, expect, it } from 'vitest';
import { parsePiFile } from './pi-file';
import { mapPiFile } from './pi-session';

const ts = (s: number) => `2026-02-16T10:00:${String(s).padStart(2, '0')}.000Z`;
const msg = (id: string, parentId: string | null, s: number, message: Record<string, unknown>) => ({ type: 'message', id, parentId, timestamp: ts(s), message });
const user = (text: string) => ({ role: 'user', content: text });
const assistant = (text: string) => ({ role: 'assistant', content: [{ type: 'text', text }], stopReason: 'stop' });

function map(entries: object[], header: object = { type: 'session', version: 3, id: 's', timestamp: ts(0), cwd: '/w' }) {
  const parsed = parsePiFile(`${[header, ...entries].map((e) => JSON.stringify(e)).join('\n')}\n`);
  if (!parsed.ok) throw new Error('not a session');
  return mapPiFile(parsed.file, { kind: 'omp', path: '/root/--home-dev-x--/f.jsonl' });
}

describe('mapPiFile tree semantics', () => {
  it('events attach to their nearest ancestor message, assistants answer their nearest user ancestor', () => {
    const { messages, parts } = map([
      msg('u1', null, 1, user('first question')),
      msg('a1', 'u1', 2, assistant('first answer')),
      msg('u2', 'a1', 3, user('second question')),
      msg('a2', 'u2', 4, assistant('second answer')),
      { type: 'branch_summary', id: 'b1', parentId: 'a1', timestamp: ts(5), fromId: 'a2', summary: 'abandoned' },
      msg('a3', 'b1', 6, assistant('on the new branch')),
      { type: 'label', id: 'l1', parentId: null, timestamp: ts(7), targetId: 'a1', label: 'x' },
    ]);
    expect(messages.map((m) => [m.id, m.parentID])).toEqual([
      ['s:u1', undefined],
      ['s:a1', 's:u1'],
      ['s:u2', undefined],
      ['s:a2', 's:u2'],
      ['s:a3', 's:u1'],
    ]);
    expect(parts.find((p) => p.type === 'context' && p.kind === 'branch_summary')?.messageID).toBe('s:a1');
    // a new root (after resetLeaf) has no ancestor: it goes to the latest message
    expect(parts.find((p) => p.type === 'context' && p.kind === 'label')).toMatchObject({ messageID: 's:a3', summary: 'Label: x' });
    expect(parts.filter((p) => p.type === 'unknown')).toEqual([]);
  });

  it('events before the first message wait for it; a session of events only gets a placeholder message', () => {
    const early = map([{ type: 'model_change', id: 'm', parentId: null, timestamp: ts(1), model: 'openai/gpt-4o' }, msg('u1', 'm', 2, user('hi')), msg('a1', 'u1', 3, { role: 'assistant', content: [] })]);
    expect(early.parts.map((p) => [p.type, p.messageID])).toEqual([['model-change', 's:u1'], ['text', 's:u1'], ['step-finish', 's:a1']]);
    expect(early.messages[1]).toMatchObject({ providerID: 'openai', modelID: 'gpt-4o' }); // from model_change
    const lone = map([{ type: 'custom', id: 'c', parentId: null, timestamp: ts(1), customType: 'x' }]);
    expect(lone.messages).toEqual([expect.objectContaining({ id: 's:events', role: 'user' })]);
    expect(lone.parts[0]?.messageID).toBe('s:events');
  });

  it('falls back to the folder name for the directory and to the first user text for the title', () => {
    const { session } = map([msg('u1', null, 1, user('  Make it faster\nplease'))], { type: 'session', id: 's' });
    expect(session).toMatchObject({ directory: '/home/dev/x', projectID: '/home/dev/x', title: 'Make it faster' });
  });

  it('errors and aborts are kept on the message; unknown message roles become unknown parts', () => {
    const { messages, parts } = map([
      msg('u1', null, 1, user('go')),
      msg('a1', 'u1', 2, { role: 'assistant', content: [], stopReason: 'error', errorMessage: '529 overloaded' }),
      msg('f1', 'a1', 3, { role: 'fileMention', files: [{ path: 'a.ts' }] }),
    ]);
    expect(messages[1]?.error).toEqual({ name: 'ProviderError', message: '529 overloaded' });
    expect(parts.find((p) => p.type === 'unknown')).toMatchObject({ originalType: 'pi:message:fileMention', messageID: 's:a1' });
  });
});

describe('oh-my-pi 18.3.4 entry types', () => {
  const call = (id: string, name: string) => ({ role: 'assistant', content: [{ type: 'toolCall', id, name, arguments: {} }], stopReason: 'toolUse', usage: { input: 1, output: 1, cost: { total: 0.001 } } });
  const result = (id: string) => ({ role: 'toolResult', toolCallId: id, toolName: 'yield', content: [{ type: 'text', text: 'done' }] });
  const exit = (id: string, parentId: string, s: number) => ({ type: 'custom', id, parentId, timestamp: ts(s), customType: 'session_exit', data: { reason: 'dispose', kind: 'normal' } });
  const usage = { input: 100, output: 20, cacheRead: 5, cacheWrite: 0, totalTokens: 125, cost: { total: 0.0034 } };

  it('a model_usage side call is an assistant message of its own, marked as such, with its tokens and cost', () => {
    const { messages, parts } = map([
      msg('u1', null, 1, user('go')),
      { type: 'model_usage', id: 'mu', parentId: 'u1', timestamp: ts(2), purpose: 'auto-thinking', role: 'default', api: 'openai-completions', provider: 'scripted', model: 'scripted-small', usage, stopReason: 'stop' },
      msg('a1', 'mu', 3, { ...assistant('answer'), usage: { input: 10, output: 2, cost: { total: 0.0017 } } }),
    ]);
    const side = messages.find((m) => m.sideCall);
    expect(side).toMatchObject({ role: 'assistant', sideCall: 'auto-thinking', providerID: 'scripted', modelID: 'scripted-small', cost: 0.0034, parentID: 's:u1' });
    expect(side?.tokens).toMatchObject({ input: 100, output: 20, cacheRead: 5 });
    expect(messages.reduce((sum, m) => sum + m.cost, 0)).toBeCloseTo(0.0051, 10);
    // the reply still answers the prompt, and nothing is unknown
    expect(messages.find((m) => m.id === 's:a1')?.parentID).toBe('s:u1');
    expect(parts.filter((p) => p.type === 'unknown')).toEqual([]);
    expect(parts.find((p) => p.type === 'context' && p.kind === 'model_usage')).toMatchObject({ messageID: side?.id, summary: 'Side call (auto-thinking) to scripted/scripted-small: 125 tokens' });
  });

  it('side calls made before the first prompt (as omp writes them) leave the events before it to the prompt', () => {
    const { messages, parts } = map([
      { type: 'model_change', id: 'mc', parentId: null, timestamp: ts(1), model: 'scripted/scripted-large' },
      { type: 'model_usage', id: 'mu', parentId: 'mc', timestamp: ts(2), purpose: 'auto-thinking', provider: 'scripted', model: 'scripted-large', usage },
      { type: 'thinking_level_change', id: 'tl', parentId: 'mu', timestamp: ts(3), thinkingLevel: 'low', configured: 'auto' },
      msg('u1', 'tl', 4, user('go')),
      msg('a1', 'u1', 5, assistant('done')),
    ]);
    expect(messages.map((m) => [m.id, m.sideCall])).toEqual([
      ['s:mu', 'auto-thinking'],
      ['s:u1', undefined],
      ['s:a1', undefined],
    ]);
    expect(parts.filter((p) => p.type === 'model-change').map((p) => p.messageID)).toEqual(['s:u1', 's:u1']);
  });

  it('title_change is a rename; service tier, reset and credential records are folded context, none unknown', () => {
    const { session, parts } = map([
      msg('u1', null, 1, user('go')),
      { type: 'title_change', id: 't1', parentId: 'u1', timestamp: ts(2), title: 'Fix the parser', source: 'auto' },
      { type: 'service_tier_change', id: 'st', parentId: 't1', timestamp: ts(3), serviceTier: 'priority' },
      { type: 'reset_boundary', id: 'rb', parentId: 'st', timestamp: ts(4) },
      { type: 'credential_pin', id: 'cp', parentId: 'rb', timestamp: ts(5), credentialId: 'secret-ish' },
    ]);
    expect(session.title).toBe('Fix the parser');
    expect(parts.filter((p) => p.type === 'unknown')).toEqual([]);
    const summaries = parts.flatMap((p) => (p.type === 'context' ? [p.summary] : []));
    expect(summaries).toEqual(['Renamed to "Fix the parser" (automatic title)', 'Service tier: priority', 'Conversation reset: the context starts again here', 'Credential pinned for this session']);
    expect(JSON.stringify(parts)).not.toContain('secret-ish');
  });

  it("a compaction is shown with omp's method and the tokens left after it", () => {
    const { parts } = map([msg('u1', null, 1, user('go')), { type: 'compaction', id: 'c1', parentId: 'u1', timestamp: ts(2), summary: 'What happened so far.', firstKeptEntryId: 'u1', tokensBefore: 180_000, tokensAfter: 12_000, method: 'snapcompact' }]);
    expect(parts.map((p) => p.type)).toEqual(['text', 'compaction', 'text', 'context']);
    expect(parts.find((p) => p.type === 'context')).toMatchObject({ kind: 'compaction', summary: 'Context compacted (snapcompact); 12000 tokens after; kept from entry u1' });
  });

  it('session_exit after the last message ends the session; a message after it (a resume) does not', () => {
    const ended = map([msg('u1', null, 1, user('go')), msg('a1', 'u1', 2, call('c1', 'yield')), msg('r1', 'a1', 3, result('c1')), exit('x', 'r1', 4)]);
    expect(ended.session.time.ended).toBe(Date.parse(ts(4)));
    expect(ended.parts.find((p) => p.type === 'context' && p.kind === 'custom')).toMatchObject({ summary: 'Session ended (normal, dispose)' });
    const resumed = map([msg('u1', null, 1, user('go')), exit('x', 'u1', 2), msg('u2', 'x', 3, user('again'))]);
    expect(resumed.session.time.ended).toBeUndefined();
  });

  it("a task subagent's parentSession (its parent's file) is its parent, not a fork; another file's path is a fork", () => {
    const header = (parentSession: string) => ({ type: 'session', version: 3, id: 'sub', timestamp: ts(0), cwd: '/w', parentSession });
    const parse = (h: object) => {
      const parsed = parsePiFile(`${JSON.stringify(h)}\n${JSON.stringify(msg('u1', null, 1, user('task')))}\n`);
      if (!parsed.ok) throw new Error('not a session');
      return parsed.file;
    };
    const parentFile = '/h/.omp/agent/sessions/-w/2026-02-16T10-00-00-000Z_parent-id.jsonl';
    const sub = mapPiFile(parse(header(parentFile)), { kind: 'omp', path: '/copy/-w/2026-02-16T10-00-00-000Z_parent-id/Explore.jsonl', parentID: 'parent-id' });
    expect(sub.session).toMatchObject({ parentID: 'parent-id' });
    expect(sub.session.forkedFrom).toBeUndefined();
    const fork = mapPiFile(parse(header(parentFile)), { kind: 'omp', path: '/copy/-w/2026-02-16T10-05-00-000Z_sub.jsonl' });
    expect(fork.session.forkedFrom).toBe('parent-id');
  });
});
