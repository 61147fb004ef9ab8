import { describe, expect, it } from 'vitest';
import { releaseMemorySoon } from './release-memory';

const MB = 1024 * 1024;
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('giving back a one-off read’s garbage', () => {
  it('collects what was let go of on the next turn, without --expose-gc on the command line', async () => {
    // 60 MB of objects that survive long enough to reach the old generation, then dropped.
    let rows: { id: string; n: number }[][] | undefined = Array.from({ length: 60 }, (_, i) => Array.from({ length: 20_000 }, (_, n) => ({ id: `row-${i}-${n}`, n: n + 0.5 })));
    await turn();
    const held = process.memoryUsage().heapUsed;
    expect(rows.length).toBe(60);
    rows = undefined;
    releaseMemorySoon();
    await turn();
    await turn();
    expect(held - process.memoryUsage().heapUsed).toBeGreaterThan(40 * MB);
    expect(globalThis.gc).toBeUndefined();
  });
});
