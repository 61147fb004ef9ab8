import { describe, expect, it } from 'vitest';
import { planAnchor } from '@/lib/view/plan-display';
import { hitHref, progressLine, searchApiUrl } from './search-links';

describe('search links', () => {
  it('opens a hit at its part, else its message, else its session', () => {
    expect(hitHref({ sessionID: 'ses/1', messageID: 'm', partID: 'p 1' })).toBe('/sessions/ses%2F1?part=p+1&message=m');
    expect(hitHref({ sessionID: 's', messageID: 'm' })).toBe('/sessions/s?message=m');
    expect(hitHref({ sessionID: 's' })).toBe('/sessions/s');
  });

  it('opens a plan item at its plan on the plans page', () => {
    const key = '/work/p/.sisyphus/boulder.json#w1';
    expect(hitHref({ sessionID: `plan:${key}`, kind: 'plan', sessionTitle: 'Ship the CLI' })).toBe(`/plans#${planAnchor({ key, planName: 'Ship the CLI' })}`);
    expect(planAnchor({ key, planName: 'Ship the CLI' })).toMatch(/^plan-ship-the-cli-/);
  });

  it('leaves empty parameters out of the API URL', () => {
    expect(searchApiUrl({ q: 'a b', source: '', limit: 8, kind: undefined })).toBe('/api/search?q=a+b&limit=8');
  });

  it('says how far the index is while it builds', () => {
    expect(progressLine({ phase: 'indexing', done: 40, total: 100 })).toBe('Search index: 40% indexed · results so far');
    expect(progressLine({ phase: 'ready', done: 100, total: 100 })).toBeUndefined();
    expect(progressLine({ phase: 'unavailable', done: 0, total: 0, reason: 'read-only' })).toBe('Search is unavailable: read-only');
  });

  it('says when another dashboard builds the index, and when the build failed and what search covers then', () => {
    expect(progressLine({ phase: 'indexing', done: 30, total: 60, waitingFor: 4242 })).toBe('Search index: built by another dashboard (pid 4242) · 50% · results so far');
    expect(progressLine({ phase: 'indexing', done: 0, total: 0, waitingFor: 4242 })).toBe('Search index: built by another dashboard (pid 4242) · results so far');
    expect(progressLine({ phase: 'indexing', done: 10, total: 40, failure: 'search index build worker exited (1)' })).toBe(
      'Search index build failed: search index build worker exited (1); searching what is indexed · 25% read again',
    );
    expect(progressLine({ phase: 'ready', done: 40, total: 40, failure: 'search index build worker exited (1)' })).toBeUndefined();
  });
});
