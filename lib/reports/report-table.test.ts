import { describe, expect, it } from 'vitest';
import { emptyFigure, type Figure } from '@/lib/accounting/figure';
import type { StatsResult } from '@/lib/accounting/compute-stats';
import { reportRows, unrecordedCounts } from './report-rows';
import { reportTable } from './report-table';

const figure = (over: Partial<Figure>): Figure => ({ ...emptyFigure(), ...over, tokens: { ...emptyFigure().tokens, ...over.tokens } });
const stats: StatsResult = {
  total: figure({ messages: 6, storedCost: 1.5, computedCost: 2.25, unpricedMessages: 1, unpricedModels: ['acme/mystery'], tokens: { input: 3_000_000, output: 20_000, reasoning: 0, cacheRead: 900_000, cacheWrite: 10_000 } }),
  groups: [
    {
      key: '2026-11-25',
      label: '2026-11-25',
      figure: figure({ messages: 4, storedCost: 1.5, computedCost: 2, tokens: { input: 2_000_000, output: 10_000, reasoning: 0, cacheRead: 900_000, cacheWrite: 10_000 } }),
      split: [
        { key: 'anthropic/claude-sonnet-4-5', label: 'claude-sonnet-4-5 (anthropic)', figure: figure({ messages: 3, storedCost: 1.5, computedCost: 1.5 }) },
        { key: 'openai/gpt-5.5', label: 'gpt-5.5 (openai)', figure: figure({ messages: 1, computedCost: 0.5 }) },
      ],
    },
    { key: '2026-11-26', label: '2026-11-26', figure: figure({ messages: 2, computedCost: 0.25, unpricedMessages: 1, unpricedModels: ['acme/mystery'], tokens: { input: 1_000_000, output: 10_000, reasoning: 0, cacheRead: 0, cacheWrite: 0 } }) },
  ],
};
// One Codex message on the 25th (the gpt-5.5 one), both of the 26th's.
const unrecorded = unrecordedCounts([
  {
    total: figure({ messages: 3 }),
    groups: [
      { key: '2026-11-25', label: '', figure: figure({ messages: 1 }), split: [{ key: 'openai/gpt-5.5', label: '', figure: figure({ messages: 1 }) }] },
      { key: '2026-11-26', label: '', figure: figure({ messages: 2 }) },
    ],
  },
]);
const { rows, total } = reportRows(stats, unrecorded);
const widthOf = (line: string) => [...line].length;

describe('reportTable', () => {
  it('says "not recorded" where only agents that record no cost ran, and marks a recorded sum that leaves them out', () => {
    const text = reportTable('Day', rows, total, 140);
    const line = (start: string) => text.split('\n').find((l) => l.trimStart().startsWith(start))!;
    expect(line('2026-11-26')).toContain('not recorded');
    expect(line('2026-11-26')).not.toContain('$0.00');
    expect(line('2026-11-25')).toMatch(/\$1\.50\+/);
    expect(line('gpt-5.5')).toContain('not recorded');
    expect(line('claude-sonnet')).toMatch(/\$1\.50\s/);
    expect(text).toContain('Codex CLI and Gemini CLI record no cost');
  });

  it('marks an API price that leaves out unpriced models, and names them', () => {
    const text = reportTable('Day', rows, total, 140);
    expect(text.split('\n').find((l) => l.startsWith('Total'))).toMatch(/\$2\.25\*$/);
    expect(text).toContain('(acme/mystery) are left out of the API price');
  });

  it('on a narrow terminal drops the columns of least use first, keeps every row on one line, and keeps the costs', () => {
    const wide = reportTable('Day', rows, total, 140).split('\n');
    expect(wide[0]).toContain('Cache read');
    const narrow = reportTable('Day', rows, total, 60).split('\n');
    const table = narrow.slice(0, narrow.findIndex((l) => l.startsWith('Total')) + 1);
    for (const line of table) expect(widthOf(line)).toBeLessThanOrEqual(60);
    expect(table).toHaveLength(wide.findIndex((l) => l.startsWith('Total')) + 1);
    expect(table[0]).not.toContain('Messages');
    expect(table[0]).not.toContain('Cache read');
    expect(table[0]).toMatch(/Day.*Recorded\s+API price$/);
    expect(table.find((l) => l.startsWith('2026-11-26'))).toContain('not recorded');
  });

  it('cuts a long label with an ellipsis rather than wrapping it, and shows a hostile title\'s control characters as spaces', () => {
    const long = { ...rows[0]!, label: `\u001b[2J${'a very long session title '.repeat(4)}` };
    const text = reportTable('Session', [long], total, 70);
    expect(text).not.toContain('\u001b');
    const line = text.split('\n').find((l) => l.includes('[2J'))!;
    expect(widthOf(line)).toBeLessThanOrEqual(70);
    expect(line).toContain('…');
  });
});
