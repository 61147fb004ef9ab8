// The session waterfall on real agents' sessions with subagents: built from what the session page
// loads (getSessionDetail: its turns and children), each subagent a lane that opens the call that
// started it, calls that ran at once never share a row, and every bar is on the axis.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { DataLocations } from '@/lib/server/config';
import { getSessionDetail } from '@/lib/server/queries/get-session-detail';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { layoutWaterfall, spawningCalls, type WaterfallBar } from '@/lib/waterfall/waterfall-layout';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const at = (...parts: string[]) => path.join(fixtures, ...parts);
const none = at('none');

const CASES: { name: string; locations: Pick<DataLocations, 'opencodeDir'> & Partial<DataLocations> }[] = [
  { name: 'opencode-1.18.33', locations: { opencodeDir: at('opencode-1.18.33'), databases: [at('opencode-1.18.33', 'opencode.db')] } },
  { name: 'claude-2.1.328', locations: { opencodeDir: none, claudeDir: at('claude-2.1.328', 'projects') } },
  { name: 'omp-18.3.4', locations: { opencodeDir: none, ompDir: at('omp-18.3.4', 'sessions') } },
  { name: 'gemini-0.61.0', locations: { opencodeDir: none, geminiDir: at('gemini-0.61.0') } },
  { name: 'codex-0.171.0', locations: { opencodeDir: none, codexDir: at('codex-0.171.0', 'sessions') } },
];

const overlap = (a: WaterfallBar, b: WaterfallBar) => a.start < b.end && b.start < a.end;

describe('the session waterfall on real agents sessions with subagents', () => {
  for (const c of CASES) {
    it(`${c.name}: a lane per subagent opening the call that started it; parallel calls on rows of their own`, async () => {
      const store = new Store(createReaders({ databases: [], ...c.locations }));
      try {
        await store.start();
        const parents = [...store.summaryMap().values()].filter((s) => s.childCount > 0);
        expect(parents.length, 'a session with subagents').toBeGreaterThan(0);
        for (const parent of parents) {
          const detail = (await getSessionDetail(store, parent.id))!;
          const spawned = spawningCalls(detail.turns);
          const w = layoutWaterfall(detail.turns, detail.children.map((child) => ({ id: child.id, title: child.title, start: child.firstActivity, end: child.lastActivity, cost: child.cost })), spawned);
          expect(w.lanes.filter((l) => l.sessionID).map((l) => l.sessionID).sort(), parent.id).toEqual(detail.children.map((child) => child.id).sort());
          // The call that started each subagent is in the timeline: its lane opens it.
          for (const child of detail.children) expect(w.lanes.find((l) => l.sessionID === child.id)!.bars[0]!.partID, `${parent.id} -> ${child.id}`).toBe(spawned.get(child.id));
          expect(spawned.size, parent.id).toBeGreaterThan(0);
          const tools = w.lanes.find((l) => l.key === 'tools')?.bars ?? [];
          for (const a of tools) {
            for (const b of tools) if (a !== b && a.row === b.row) expect(overlap(a, b), `${a.id} and ${b.id} share a row`).toBe(false);
            expect(a.parallel === true, a.id).toBe(tools.some((b) => b !== a && overlap(a, b)));
          }
          for (const bar of w.lanes.flatMap((l) => l.bars)) expect(bar.start >= w.start && bar.end <= w.end && bar.start <= bar.end, bar.id).toBe(true);
          const steps = w.lanes[0]!.bars.filter((b) => b.kind === 'step');
          const top = Math.max(...steps.map((s) => s.cost ?? 0));
          if (top > 0) expect(steps.find((s) => s.costliest)?.cost).toBe(top);
        }
      } finally {
        store.stop();
      }
    });
  }
});
