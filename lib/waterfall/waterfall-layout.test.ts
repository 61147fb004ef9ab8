import { describe, expect, it } from 'vitest';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import { buildTurns } from '@/lib/sessions/build-turns';
import { barGeometry, layoutWaterfall, packRows, spawningCalls } from './waterfall-layout';

const T = 1_780_000_000_000;
const tokens = { input: 10, output: 5, reasoning: 0, cacheRead: 0, cacheWrite: 0 };
const user = (id: string, at: number): MessageInfo => ({ id, sessionID: 's', role: 'user', time: { created: T + at }, cost: 0, tokens: { ...tokens, input: 0, output: 0 } });
const reply = (id: string, parent: string, at: number, until: number, cost: number): MessageInfo => ({ id, sessionID: 's', role: 'assistant', parentID: parent, time: { created: T + at, completed: T + until }, modelID: 'm', cost, tokens });
const tool = (id: string, messageID: string, start: number, end: number, extra: Partial<Part> = {}): Part => ({ id, messageID, sessionID: 's', type: 'tool', callID: id, tool: 'bash', status: 'completed', input: {}, time: { start: T + start, end: T + end }, ...extra }) as Part;

describe('waterfall layout', () => {
  const messages = [user('u1', 0), reply('a1', 'u1', 1_000, 9_000, 0.02), reply('a2', 'u1', 15_000, 16_000, 0.05)];
  const parts = [
    tool('t1', 'a1', 2_000, 6_000),
    tool('t2', 'a1', 3_000, 5_000),
    tool('t3', 'a1', 5_500, 8_000),
    tool('t4', 'a1', 8_000, 8_500, { childSessionID: 'child' } as Partial<Part>),
  ];
  const turns = buildTurns(messages, parts);

  it('puts calls that ran at once on rows of their own and marks them parallel; one after another share a row', () => {
    const w = layoutWaterfall(turns, []);
    const toolsLane = w.lanes.find((l) => l.key === 'tools')!;
    const row = Object.fromEntries(toolsLane.bars.map((b) => [b.id, b.row]));
    expect(toolsLane.rows).toBe(2);
    expect(row.t1).not.toBe(row.t2);
    expect(row.t3).toBe(row.t2); // t2 ended before t3 started
    expect(toolsLane.bars.filter((b) => b.parallel).map((b) => b.id).sort()).toEqual(['t1', 't2', 't3']);
  });

  it('shows where the turn waited (nothing ran for a second or more) and which step cost most', () => {
    const w = layoutWaterfall(turns, []);
    const steps = w.lanes[0]!.bars;
    expect(steps.filter((b) => b.kind === 'wait').map((b) => [b.start - T, b.end - T])).toEqual([
      [0, 1_000],
      [9_000, 15_000],
    ]);
    expect(steps.filter((b) => b.costliest).map((b) => b.id)).toEqual(['a2']);
  });

  it('gives each subagent a lane, opening the call that started it', () => {
    const w = layoutWaterfall(turns, [{ id: 'child', title: 'Explore', start: T + 8_100, end: T + 30_000, cost: 0.1 }], spawningCalls(turns));
    const lane = w.lanes.find((l) => l.sessionID === 'child')!;
    expect(lane.bars[0]).toMatchObject({ kind: 'subagent', partID: 't4', label: 'Explore' });
    expect(w.end - T).toBe(30_000);
  });

  it('packs any intervals so that no two in a row overlap', () => {
    const items = [5, 1, 3, 2, 8, 4].map((s, i) => ({ start: s, end: s + (i % 3) + 1, row: 0 }));
    const rows = packRows(items);
    for (const a of items) for (const b of items) if (a !== b && a.row === b.row) expect(a.end <= b.start || b.end <= a.start).toBe(true);
    expect(rows).toBeLessThanOrEqual(items.length);
  });

  it('places bars as fractions of the axis, an instant still visible', () => {
    expect(barGeometry({ start: 0, end: 100 }, { start: 25, end: 75 })).toEqual({ left: 0.25, width: 0.5 });
    expect(barGeometry({ start: 0, end: 100 }, { start: 100, end: 100 }).width).toBeGreaterThan(0);
    expect(barGeometry({ start: 0, end: 100 }, { start: 100, end: 100 }).left).toBeLessThan(1);
  });
});
