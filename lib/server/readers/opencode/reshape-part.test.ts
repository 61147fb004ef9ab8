import { describe, expect, it } from 'vitest';
import { PART_TYPES } from '@/lib/model/part';
import { reshapePart } from './reshape-part';

const base = { id: 'prt_1', sessionID: 'ses_1', messageID: 'msg_1' };
const tokens = { input: 10, output: 5, reasoning: 2, cache: { read: 3, write: 1 } };
/** One record of each type, shaped as spec 003 describes them. */
const samples: Record<(typeof PART_TYPES)[number], Record<string, unknown>> = {
  text: { type: 'text', text: 'hi', synthetic: true, time: { start: 1, end: 2 } },
  reasoning: { type: 'reasoning', text: 'hmm', time: { start: 1 } },
  tool: { type: 'tool', callID: 'c1', tool: 'bash', state: { status: 'completed', input: { command: 'ls' }, output: 'a', title: 'ls', metadata: {}, time: { start: 1, end: 2 } } },
  file: { type: 'file', mime: 'text/plain', filename: 'a.txt', url: 'file:///a.txt', source: { type: 'file', path: 'a.txt', text: { value: 'x', start: 0, end: 1 } } },
  snapshot: { type: 'snapshot', snapshot: 'abc123' },
  patch: { type: 'patch', hash: 'h', files: ['a.ts', 'b.ts'] },
  agent: { type: 'agent', name: 'explore', source: { value: '@explore', start: 0, end: 8 } },
  compaction: { type: 'compaction', auto: true },
  subtask: { type: 'subtask', prompt: 'look', description: 'Explore', agent: 'explore' },
  retry: { type: 'retry', attempt: 2, error: { name: 'APIError', data: { message: 'overloaded', isRetryable: true } }, time: { created: 5 } },
  'step-start': { type: 'step-start', snapshot: 'abc' },
  'step-finish': { type: 'step-finish', reason: 'tool-calls', cost: 0.25, tokens },
};

describe('reshapePart', () => {
  it.each(PART_TYPES)('reads a %s part', (type) => {
    const result = reshapePart({ ...base, ...samples[type] });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.value.type).toBe(type);
  });

  it('keeps the fields each view needs', () => {
    const finish = reshapePart({ ...base, ...samples['step-finish'] });
    expect(finish.ok && finish.value).toMatchObject({ reason: 'tool-calls', cost: 0.25, tokens: { input: 10, output: 5, reasoning: 2, cacheRead: 3, cacheWrite: 1 } });
    const retry = reshapePart({ ...base, ...samples.retry });
    expect(retry.ok && retry.value).toMatchObject({ attempt: 2, error: 'overloaded' });
    const file = reshapePart({ ...base, ...samples.file });
    expect(file.ok && file.value).toMatchObject({ filename: 'a.txt', sourcePath: 'a.txt' });
  });

  it.each(['pending', 'running', 'completed', 'error'] as const)('reads a tool in state %s', (status) => {
    const state = { status, input: { filePath: '/a.ts' }, ...(status === 'pending' ? { raw: '{"filePath"' } : {}), ...(status === 'error' ? { error: 'ENOENT', time: { start: 1, end: 2 } } : {}) };
    const result = reshapePart({ ...base, type: 'tool', callID: 'c', tool: 'read', state });
    expect(result.ok && result.value).toMatchObject({ type: 'tool', status, input: { filePath: '/a.ts' } });
    if (status === 'error') expect(result.ok && result.value).toMatchObject({ error: 'ENOENT' });
  });

  it('keeps an unknown type as "unknown" with the original record', () => {
    const result = reshapePart({ ...base, type: 'hologram', beam: 1 });
    expect(result.ok && result.value).toMatchObject({ type: 'unknown', originalType: 'hologram', raw: { beam: 1 } });
  });

  it('rejects a record without ids, saying which field', () => {
    const result = reshapePart({ type: 'text', text: 'x' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/id/);
  });

  it('rejects a tool part with an unknown state', () => {
    const result = reshapePart({ ...base, type: 'tool', callID: 'c', tool: 'bash', state: { status: 'exploded' } });
    expect(result.ok).toBe(false);
  });
});
