import { describe, expect, it } from 'vitest';
import { insightsApiParams, insightsStateFrom, insightsUrl } from './insights-params';

describe('insights page state', () => {
  it('reads what the URL says, ignoring values it does not know, and writes only what differs from the defaults', () => {
    const state = insightsStateFrom(new URLSearchParams('by=model&range=7d&source=claude&project=p1'));
    expect(state).toEqual({ by: 'model', range: '7d', source: 'claude', project: 'p1' });
    expect(insightsUrl(state)).toBe('by=model&range=7d&source=claude&project=p1');
    const odd = insightsStateFrom(new URLSearchParams('by=nonsense&range=forever&source=vim'));
    expect(odd).toEqual({ by: 'tool', range: '30d' });
    expect(insightsUrl(odd)).toBe('');
  });

  it('asks the API from local midnight of the range first day; "all" sends no start', () => {
    const now = new Date(2026, 10, 26, 15, 30).getTime();
    expect(insightsApiParams({ by: 'tool', range: '7d' }, now)).toBe(`by=tool&from=${new Date(2026, 10, 20).getTime()}`);
    expect(insightsApiParams({ by: 'agent', range: 'all', source: 'pi' }, now)).toBe('by=agent&source=pi');
  });
});
