// Issue 28, item 2: one record dated out of range (time.created of 8.64e15, 1e300, negative,
// 2^53+7) is one skipped record, listed in diagnostics; the stats of every grouping and the
// session list still answer, with the good records' figures.
import { describe, expect, it } from 'vitest';
import { getSessionDetail } from '@/lib/server/queries/get-session-detail';
import { getStats } from '@/lib/server/queries/get-stats';
import { STATS_GROUPINGS, statsQuerySchema } from '@/lib/stats/stats-query';
import { withColdStore } from '../support/cold-store';
import { TreeBuilder } from '../support/tree-builder';

const BAD_TIMES = [8.64e15, 1e300, -1_780_000_000_000, 2 ** 53 + 7];

describe('a record dated out of range', () => {
  it('is skipped and listed; every grouping of the stats and the session list answer with the rest', async () => {
    const t = new TreeBuilder();
    t.project('p1');
    t.session('p1', 'ses_good');
    t.message('ses_good', 'msg_u');
    t.assistant('ses_good', 'msg_ok', 'msg_u', { cost: 0.25 });
    BAD_TIMES.forEach((created, i) => t.assistant('ses_good', `msg_bad${i}`, 'msg_u', { cost: 100, time: { created } }));
    t.session('p1', 'ses_bad', { time: { created: 1e300, updated: 1e300 } });
    await withColdStore(t.dataDir, (store) => {
      for (const groupBy of STATS_GROUPINGS) {
        const stats = getStats(store, statsQuerySchema.parse({ groupBy }));
        expect(stats.total.storedCost, groupBy).toBeCloseTo(0.25);
        expect(stats.total.messages, groupBy).toBe(1);
      }
      const ids = [...store.summaryMap().keys()];
      expect(ids).toEqual(['ses_good']);
      const listed = store.issues().filter((i) => i.reason.includes('out of range'));
      expect(listed.map((i) => i.path).sort()).toEqual([...BAD_TIMES.map((_, i) => expect.stringContaining(`message msg_bad${i}`)), expect.stringContaining('ses_bad')]);
    });
  });

  it("a part dated out of range is left out of its session's page and listed; the page answers with the rest", async () => {
    const t = new TreeBuilder();
    t.project('p1');
    t.session('p1', 'ses_1');
    t.message('ses_1', 'msg_u');
    t.part('ses_1', 'msg_u', 'prt_ok', { type: 'text', text: 'hello', time: { start: 1_780_000_001_000 } });
    t.part('ses_1', 'msg_u', 'prt_bad', { type: 'text', text: 'from the year 1e300', time: { start: 1e300, end: -5 } });
    await withColdStore(t.dataDir, async (store) => {
      const detail = await getSessionDetail(store, 'ses_1');
      const partIds = detail?.turns.flatMap((turn) => JSON.stringify(turn).match(/prt_\w+/g) ?? []);
      expect(partIds).toContain('prt_ok');
      expect(partIds).not.toContain('prt_bad');
      expect(detail?.issues.map((i) => i.path)).toEqual([expect.stringContaining('prt_bad')]);
    });
  });
});
