import { describe, expect, it } from 'vitest';
import { computeStats } from '@/lib/accounting/compute-stats';
import { assistant, session, sonnetOnly, tokens } from '@/lib/accounting/test-data';
import { parseCsv } from '@/test/support/parse-csv';
import { statsToCsv } from './stats-csv';

const messages = [
  assistant({ id: 'm1', sessionID: 's', cost: 1, time: { created: Date.UTC(2026, 0, 1, 9) }, tokens: tokens({ input: 10 }) }),
  assistant({ id: 'm2', sessionID: 's', cost: 2, time: { created: Date.UTC(2026, 0, 1, 10) }, providerID: 'acme', modelID: 'mystery', tokens: tokens({ input: 5 }) }),
  assistant({ id: 'm3', sessionID: 's', cost: 4, time: { created: Date.UTC(2026, 0, 2, 9) }, tokens: tokens({ input: 1 }) }),
];
const stats = (split?: 'model') => computeStats({ sessions: [session('s')], messages, prices: sonnetOnly, groupBy: 'day', split, timeZone: 'UTC' });
const column = (csv: string, name: string) => parseCsv(csv).map((r) => r[name]);

describe('statsToCsv', () => {
  it('has a row per group and a total row', () => {
    const csv = statsToCsv(stats(), 'day');
    expect(column(csv, 'day')).toEqual(['2026-01-01', '2026-01-02', 'total']);
    expect(column(csv, 'stored_cost_usd')).toEqual(['3', '4', '7']);
    expect(column(csv, 'unpriced_models')).toEqual(['acme/mystery', '', 'acme/mystery']);
  });

  it('with a split, has a row per day and model, which add up to the total', () => {
    const csv = statsToCsv(stats('model'), 'day', 'model');
    expect(column(csv, 'day')).toEqual(['2026-01-01', '2026-01-01', '2026-01-02', 'total']);
    expect(column(csv, 'model')).toEqual(['acme/mystery', 'anthropic/claude-sonnet-4-5', 'anthropic/claude-sonnet-4-5', '']);
    const costs = column(csv, 'stored_cost_usd').map(Number);
    expect(costs.slice(0, -1).reduce((a, b) => a + b, 0)).toBe(costs.at(-1));
  });
});
