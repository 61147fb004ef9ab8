import { describe, expect, it } from 'vitest';
import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import { emptyTokens } from '@/lib/model/tokens';
import { inferStatus, type StatusInput } from './infer-status';
import { STALE_AFTER_MS, WAITING_FOR_USER_WINDOW_MS } from './thresholds';

const NOW = 1_790_000_000_000;
const assistant = (extra: Partial<MessageInfo> = {}): MessageInfo => ({
  id: 'msg_a', sessionID: 'ses_1', role: 'assistant', time: { created: NOW - 5_000 }, cost: 0, tokens: emptyTokens(), ...extra,
});
const tool = (status: PartMeta['status'], tool = 'bash', mainArg = 'npm test'): PartMeta => ({ id: `prt_${status}`, messageID: 'msg_a', sessionID: 'ses_1', type: 'tool', tool, status, mainArg, created: NOW - 4_000 });
const input = (extra: Partial<StatusInput>): StatusInput => ({ lastParts: [], lastWrite: NOW - 1_000, childStatuses: [], isSubagent: false, archived: false, now: NOW, ...extra });

describe('inferStatus', () => {
  it('is busy with the running tool and its argument while a tool runs', () => {
    const result = inferStatus(input({ last: assistant(), lastParts: [tool('completed', 'read'), tool('running')] }));
    expect(result.status).toBe('busy');
    expect(result.activity).toEqual({ kind: 'tool', tool: 'bash', arg: 'npm test' });
  });

  it('reads a crashed session (tool still running, no write for long) as stale, not busy', () => {
    const result = inferStatus(input({ last: assistant(), lastParts: [tool('running')], lastWrite: NOW - STALE_AFTER_MS - 1 }));
    expect(result.status).toBe('stale');
    expect(result.reason).toMatch(/crashed/);
  });

  it('is error when the last assistant message has a provider error', () => {
    const result = inferStatus(input({ last: assistant({ time: { created: NOW - 5_000, completed: NOW - 4_000 }, error: { name: 'APIError', message: 'Bad request', statusCode: 400 } }) }));
    expect(result.status).toBe('error');
    expect(result.reason).toBe('APIError: Bad request');
  });

  it('is idle, not error, when the user aborted', () => {
    expect(inferStatus(input({ last: assistant({ error: { name: 'MessageAbortedError', message: 'aborted' } }) })).status).toBe('idle');
  });

  it('waits for the user after a turn that ended with stop, then turns idle after the window', () => {
    const done = assistant({ time: { created: NOW - 5_000, completed: NOW - 4_000 }, finish: 'stop' });
    expect(inferStatus(input({ last: done })).status).toBe('waiting-for-user');
    expect(inferStatus(input({ last: done, lastWrite: NOW - WAITING_FOR_USER_WINDOW_MS - 1 })).status).toBe('idle');
  });

  it('a finished subagent is idle, never waiting for the user', () => {
    const done = assistant({ time: { created: NOW - 5_000, completed: NOW - 4_000 }, finish: 'stop' });
    expect(inferStatus(input({ last: done, isSubagent: true })).status).toBe('idle');
  });

  it('a turn that continues after tool calls is busy', () => {
    const result = inferStatus(input({ last: assistant({ time: { created: NOW - 5_000, completed: NOW - 4_000 }, finish: 'tool-calls' }) }));
    expect(result.status).toBe('busy');
  });

  it('a call the user turned down waits for them, not "stale" nor "continuing", then idles like an ended turn', () => {
    const rejected: PartMeta = { ...tool('error', 'bash', 'rm -rf build'), rejected: true };
    const stopped = assistant({ time: { created: NOW - 5_000, completed: NOW - 4_000 }, finish: 'tool-calls' });
    const quiet = NOW - STALE_AFTER_MS - 60_000;
    for (const last of [stopped, assistant()]) {
      const result = inferStatus(input({ last, lastParts: [tool('completed', 'read'), rejected], lastWrite: quiet }));
      expect(result.status).toBe('waiting-for-user');
      expect(result.reason).toBe('You turned down bash (rm -rf build): the agent waits for your next message');
    }
    expect(inferStatus(input({ last: stopped, lastParts: [rejected], lastWrite: NOW - WAITING_FOR_USER_WINDOW_MS - 1 })).status).toBe('idle');
    // Any other failed call leaves the turn to go on.
    expect(inferStatus(input({ last: stopped, lastParts: [tool('error')], lastWrite: quiet })).status).toBe('stale');
  });

  it('a parent whose subagent is busy waits for subagents', () => {
    const result = inferStatus(input({ last: assistant(), lastParts: [tool('running', 'task', 'Explore repo')], childStatuses: ['busy', 'idle'] }));
    expect(result.status).toBe('waiting-for-subagents');
    expect(result.activity).toEqual({ kind: 'subagents', count: 1 });
  });

  it('is retrying when the newest part of an open reply is a retry', () => {
    const retry: PartMeta = { id: 'prt_r', messageID: 'msg_a', sessionID: 'ses_1', type: 'retry', created: NOW - 500 };
    expect(inferStatus(input({ last: assistant(), lastParts: [retry] })).status).toBe('retrying');
  });

  it('an unanswered prompt is busy while fresh and stale when old', () => {
    const user: MessageInfo = { ...assistant(), role: 'user' };
    expect(inferStatus(input({ last: user })).status).toBe('busy');
    expect(inferStatus(input({ last: user, lastWrite: NOW - STALE_AFTER_MS - 1 })).status).toBe('stale');
  });

  it("a session whose agent wrote its end is over: an omp subagent that yielded (tool calls, then session_exit) is finished, not busy or stale", () => {
    const yielded = assistant({ time: { created: NOW - STALE_AFTER_MS * 3, completed: NOW - STALE_AFTER_MS * 3 }, finish: 'tool-calls' });
    const old = NOW - STALE_AFTER_MS * 3;
    expect(inferStatus(input({ last: yielded, lastWrite: old, isSubagent: true })).status).toBe('stale');
    expect(inferStatus(input({ last: yielded, lastWrite: old, isSubagent: true, ended: true }))).toMatchObject({ status: 'idle', reason: 'Subagent finished' });
    expect(inferStatus(input({ last: yielded, lastWrite: NOW - 1_000, isSubagent: true, ended: true })).status).toBe('idle');
    expect(inferStatus(input({ last: yielded, ended: true }))).toMatchObject({ status: 'idle', reason: 'Session ended' });
    // an ending does not hide an error
    expect(inferStatus(input({ last: assistant({ error: { name: 'ProviderError', message: '400' } }), ended: true })).status).toBe('error');
  });

  it('no messages and archived sessions are idle', () => {
    expect(inferStatus(input({})).status).toBe('idle');
    expect(inferStatus(input({ last: assistant(), archived: true })).status).toBe('idle');
  });
});
