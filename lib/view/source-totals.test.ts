import { describe, expect, it } from 'vitest';
import type { StatsGroup } from '@/lib/view/api-types';
import { sourceTotals } from './source-totals';

function group(key: string, storedCost: number, input = 0, label = key): StatsGroup {
  return { key, label, figure: { storedCost, computedCost: storedCost * 2, unpricedMessages: 0, messages: 1, tokens: { input, output: 1, reasoning: 0, cacheRead: 0, cacheWrite: 0 } } };
}

describe('sourceTotals', () => {
  it('lists only sources with spend or sessions, in a fixed order, with shares of the cost', () => {
    const rows = sourceTotals([group('claude', 3, 10), group('opencode', 1, 100)], { opencode: 4, claude: 1, pi: 2, omp: 0 });
    expect(rows.map((r) => [r.family, r.label, r.sessions, r.tokens, r.cost, r.computedCost, r.share])).toEqual([
      ['opencode', 'OpenCode', 4, 101, 1, 2, 0.25],
      ['pi', 'pi', 2, 0, 0, 0, 0],
      ['claude', 'Claude Code', 1, 11, 3, 6, 0.75],
    ]);
  });

  it('keeps spend of sessions no reader loaded as its own row, so rows add up to the total', () => {
    const rows = sourceTotals([group('opencode', 1), group('', 1, 0, '(unknown source)')], {});
    expect(rows.map((r) => [r.family, r.label, r.share])).toEqual([
      ['opencode', 'OpenCode', 0.5],
      [undefined, '(unknown source)', 0.5],
    ]);
    expect(rows[0]?.sessions).toBeUndefined();
  });

  it('no spend and no sessions: no rows', () => {
    expect(sourceTotals([], { opencode: 0 })).toEqual([]);
  });
});
