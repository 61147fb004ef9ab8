import { describe, expect, it } from 'vitest';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { attentionEvents, MAX_TOLD_AT_ONCE, untold } from './attention';

const session = (id: string, status: SessionSummary['status'], turnCount = 1): SessionSummary => ({ id, title: `Session ${id}`, status, turnCount, messageCount: turnCount * 2 }) as unknown as SessionSummary;
const NOW = 10_000_000;

describe('attention events', () => {
  it('names each moment a session starts needing you, once', () => {
    const sessions = [
      session('a', { status: 'waiting-for-user', reason: 'The turn ended', lastWrite: NOW - 1_000 }),
      session('b', { status: 'needs-approval', reason: 'Needs your approval: bash ls -la', lastWrite: NOW - 500, activity: { kind: 'approval', permission: 'bash', pattern: 'ls -la' } }),
      session('c', { status: 'busy', reason: 'Running bash', lastWrite: NOW }),
      session('d', { status: 'error', reason: 'APIError: overloaded', lastWrite: NOW - 3 * 60 * 60_000 }),
    ];
    const events = attentionEvents(sessions, NOW);
    expect(events.map((e) => [e.sessionID, e.title, e.body])).toEqual([
      ['a', 'Waiting for you: Session a', 'waiting for you'],
      ['b', 'Needs your approval: Session b', 'needs your approval: bash ls -la'],
    ]);
    const first = untold(events, []);
    expect(first.fresh).toHaveLength(2);
    // The same moments again (a refetch, a reload, a title written later): nothing new.
    const retitled = [session('a', { status: 'waiting-for-user', reason: 'The turn ended', lastWrite: NOW + 2_000 }), ...sessions.slice(1)];
    expect(untold(attentionEvents(retitled, NOW + 5_000), first.remember).fresh).toEqual([]);
    // The next turn of `a` ended: a new moment.
    const later = [session('a', { status: 'waiting-for-user', reason: 'The turn ended', lastWrite: NOW + 60_000 }, 2)];
    expect(untold(attentionEvents(later, NOW + 61_000), first.remember).fresh.map((e) => e.sessionID)).toEqual(['a']);
  });

  it('tells an approval once however often its text changes, and a few at most at once', () => {
    let told: string[] = [];
    let count = 0;
    for (let poll = 0; poll < 832; poll++) {
      const asked = session('x', { status: 'needs-approval', reason: `Needs your approval: bash rm -rf ${poll}`, lastWrite: NOW, activity: { kind: 'approval', permission: 'bash', pattern: `rm -rf ${poll}` } });
      const round = untold(attentionEvents([asked], NOW + poll), told);
      count += round.fresh.length;
      told = round.remember;
    }
    expect(count).toBe(1);
    const many = Array.from({ length: 50 }, (_, i) => session(`s${i}`, { status: 'waiting-for-user', reason: 'The turn ended', lastWrite: NOW }));
    const burst = untold(attentionEvents(many, NOW), []);
    expect(burst.fresh).toHaveLength(MAX_TOLD_AT_ONCE);
    expect(untold(attentionEvents(many, NOW), burst.remember).fresh).toEqual([]);
  });
});
