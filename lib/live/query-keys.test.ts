import { describe, expect, it } from 'vitest';
import { keysForChange, queryKeys } from './query-keys';

describe('keysForChange', () => {
  it('a plans change refreshes the plans query only', () => {
    expect(keysForChange({ sessions: [], topics: ['plans'] })).toEqual([queryKeys.plans()]);
  });

  it('a session change also refreshes plans (they show session status and cost)', () => {
    const keys = keysForChange({ sessions: ['ses_1'], topics: ['sessions'] });
    expect(keys).toContainEqual(queryKeys.plans());
    expect(keys).toContainEqual(queryKeys.session('ses_1'));
    expect(keys.filter((k) => k[0] === 'plans')).toHaveLength(1);
  });

  it('a health-only change leaves plans alone', () => {
    expect(keysForChange({ sessions: [], topics: ['health'] })).toEqual([queryKeys.health()]);
  });

  it('a search index change refreshes search results only', () => {
    expect(keysForChange({ sessions: [], topics: ['search'] })).toEqual([queryKeys.search()]);
  });

  it('streamed text refreshes the open session pages only, not lists or charts', () => {
    expect(keysForChange({ sessions: ['ses_1'], topics: ['stream'] })).toEqual([queryKeys.session('ses_1')]);
  });

  it('the first read completing refreshes every open session page (they said "counting…")', () => {
    const keys = keysForChange({ sessions: [], topics: ['index', 'ready', 'health'] });
    expect(keys).toContainEqual(queryKeys.allSessions());
    expect(queryKeys.session('ses_1').slice(0, 1)).toEqual(queryKeys.allSessions());
    expect(keysForChange({ sessions: [], topics: ['index', 'health'] })).not.toContainEqual(queryKeys.allSessions());
  });
});
