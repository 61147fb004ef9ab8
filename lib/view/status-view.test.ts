import { describe, expect, it } from 'vitest';
import { describeActivity, statusLabel, statusTone } from './status-view';

const at = (over: Partial<Parameters<typeof describeActivity>[0]>) => ({ status: 'busy' as const, reason: 'Thinking', lastWrite: 0, ...over });

describe('describeActivity', () => {
  it('names the running tool and its main argument', () => {
    expect(describeActivity(at({ activity: { kind: 'tool', tool: 'bash', arg: 'npm test' } }))).toBe('running bash: npm test');
    expect(describeActivity(at({ activity: { kind: 'tool', tool: 'read', arg: '/home/me/app/src/a.ts' } }))).toBe('running read: ~/app/src/a.ts');
    expect(describeActivity(at({ activity: { kind: 'tool', tool: 'todowrite' } }))).toBe('running todowrite');
  });
  it('says thinking, writing, waiting', () => {
    expect(describeActivity(at({ activity: { kind: 'thinking' } }))).toBe('thinking');
    expect(describeActivity(at({ activity: { kind: 'writing' } }))).toBe('writing a reply');
    expect(describeActivity(at({ activity: { kind: 'subagents', count: 2 } }))).toBe('waiting for 2 subagents');
    expect(describeActivity(at({ status: 'waiting-for-user', reason: 'x' }))).toBe('waiting for you');
    expect(describeActivity(at({ status: 'retrying', reason: 'x' }))).toBe('retrying after a provider error');
    expect(describeActivity(at({ status: 'idle', reason: 'Finished' }))).toBe('finished');
  });
});

describe('labels and tones', () => {
  it('maps every status', () => {
    expect(statusLabel('waiting-for-user')).toBe('Waiting for you');
    expect(statusTone('waiting-for-user')).toBe('attention');
    expect(statusTone('error')).toBe('danger');
    expect(statusTone('busy')).toBe('active');
  });
});
