import { describe, expect, it } from 'vitest';
import { liveSessions, recentRoots } from './live-sessions';
import { makeSummary } from './test-sessions';

describe('liveSessions', () => {
  it('keeps live statuses, waiting for the user first', () => {
    const list = [
      makeSummary({ id: 'a', status: { status: 'idle', reason: '', lastWrite: 9 } }),
      makeSummary({ id: 'b', status: { status: 'busy', reason: '', lastWrite: 5 } }),
      makeSummary({ id: 'c', status: { status: 'waiting-for-user', reason: '', lastWrite: 1 } }),
      makeSummary({ id: 'd', status: { status: 'busy', reason: '', lastWrite: 7 } }),
      makeSummary({ id: 'e', status: { status: 'stale', reason: '', lastWrite: 8 } }),
    ];
    expect(liveSessions(list).map((s) => s.id)).toEqual(['c', 'd', 'b']);
  });
});

describe('recentRoots', () => {
  it('takes the newest roots', () => {
    const list = [
      makeSummary({ id: 'a', lastActivity: 1 }),
      makeSummary({ id: 'b', lastActivity: 3, parentID: 'a' }),
      makeSummary({ id: 'c', lastActivity: 2 }),
    ];
    expect(recentRoots(list, 5).map((s) => s.id)).toEqual(['c', 'a']);
    expect(recentRoots(list, 1).map((s) => s.id)).toEqual(['c']);
  });
});
