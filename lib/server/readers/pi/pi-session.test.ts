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
