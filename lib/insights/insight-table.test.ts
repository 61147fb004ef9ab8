import { describe, expect, it } from 'vitest';
import { insightTable } from './insight-table';

describe('insightTable', () => {
  it('gives rates only where they have a denominator, busiest first', () => {
    const rows = insightTable([
      { key: 'quiet', label: 'quiet', steps: { steps: 1, output: 30, timedOutput: 0, timedMs: 0 } },
      { key: 'busy', label: 'busy', calls: { calls: 4, errors: 1, rejected: 1, timed: 3, p50Ms: 200, p95Ms: 900 }, steps: { steps: 5, output: 500, timedOutput: 400, timedMs: 2_000 } },
    ]);
    expect(rows.map((r) => r.key)).toEqual(['busy', 'quiet']);
    expect(rows[0]).toEqual({ key: 'busy', label: 'busy', calls: 4, errors: 1, rejected: 1, errorRate: 0.25, p50Ms: 200, p95Ms: 900, steps: 5, output: 500, outputPerSecond: 200 });
    // No calls: no 0 % error rate; no reply that records its end: no speed.
    expect(rows[1]).toEqual({ key: 'quiet', label: 'quiet', calls: 0, errors: 0, rejected: 0, steps: 1, output: 30 });
  });
});
