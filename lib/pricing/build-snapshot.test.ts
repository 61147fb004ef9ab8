import { describe, expect, it } from 'vitest';
import { buildSnapshot, serialiseSnapshot } from './build-snapshot';
import { parsePriceSnapshot } from './price-table';

const newer = {
  anthropic: {
    models: {
      'claude-sonnet-4-5': { last_updated: '2026-09-01', limit: { context: 200000 }, cost: { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 } },
      'no-price': { limit: { context: 1000 } },
      broken: { cost: { input: 'three' } },
    },
  },
  google: {
    models: {
      'gemini-2.5-pro': { last_updated: '2026-08-01', limit: { context: 1048576 }, cost: { input: 1.25, output: 10, cache_read: 0.125, context_over_200k: { input: 2.5, output: 15, cache_read: 0.25 } } },
    },
  },
  'not-chosen': { models: { x: { cost: { input: 1, output: 1 } } } },
};
const older = {
  anthropic: {
    models: {
      'claude-sonnet-4-5': { last_updated: '2025-01-01', cost: { input: 99, output: 99 } },
      'claude-3-opus-20240229': { last_updated: '2024-02-29', limit: { context: 200000 }, cost: { input: 15, output: 75 } },
    },
  },
};

describe('buildSnapshot', () => {
  const { snapshot, skipped } = buildSnapshot(
    [{ label: 'new', api: newer }, { label: 'old', api: older }],
    '2026-09-02T00:00:00.000Z',
    ['anthropic', 'google'],
  );

  it('keeps the newest entry and adds retired models from older sources', () => {
    expect(snapshot.providers.anthropic).toEqual({
      'claude-sonnet-4-5': [3, 15, 0.3, 3.75, 200000],
      'claude-3-opus-20240229': [15, 75, 0, 0, 200000],
    });
    expect(snapshot.providers.google?.['gemini-2.5-pro']).toEqual([1.25, 10, 0.125, 0, 1048576, [2.5, 15, 0.25, null]]);
    expect(snapshot.providers['not-chosen']).toBeUndefined();
  });

  it('records sources and dates, counts bad records', () => {
    expect(snapshot.dataDate).toBe('2026-09-01');
    expect(snapshot.sources).toEqual([{ label: 'new', dataDate: '2026-09-01' }, { label: 'old', dataDate: '2025-01-01' }]);
    expect(snapshot.source).toContain('new');
    expect(skipped).toBe(1);
  });

  it('serialises to JSON that parses back, one model per line', () => {
    const text = serialiseSnapshot(snapshot);
    expect(JSON.parse(text)).toEqual(snapshot);
    expect(text).toContain('\n      "claude-3-opus-20240229": [15,75,0,0,200000],\n');
    const table = parsePriceSnapshot(JSON.parse(text));
    expect(table.providers.get('google')?.get('gemini-2.5-pro')?.over200k?.cacheRead).toBe(0.25);
  });

  it('survives input that is not models.dev data', () => {
    expect(buildSnapshot([{ label: 'junk', api: 42 }], '2026-01-01T00:00:00Z').snapshot.providers).toEqual({});
  });
});
