import type { Part, ToolPart } from '@/lib/model/part';
import type { Turn } from '@/lib/sessions/build-turns';

/** One bar of the waterfall: a model step, a tool call, a subagent, or a wait inside a turn. */
export interface WaterfallBar {
  id: string;
  kind: 'step' | 'tool' | 'subagent' | 'wait';
  label: string;
  start: number;
  end: number;
  /** Row inside its lane (overlapping tool calls take rows of their own). */
  row: number;
  /** The timeline part it opens (`#part-<id>`); absent for waits. */
  partID?: string;
  /** Another bar of the same kind ran at the same time. */
  parallel?: boolean;
  /** The step that cost most (by recorded cost, else by tokens). */
  costliest?: boolean;
  cost?: number;
  tokens?: number;
  status?: ToolPart['status'];
}

export interface WaterfallLane {
  key: string;
  label: string;
  rows: number;
  bars: WaterfallBar[];
  /** A subagent lane: the child session. */
  sessionID?: string;
}

export interface Waterfall {
  start: number;
  end: number;
  lanes: WaterfallLane[];
}

/** A subagent as the session page knows it (its summary), with the call that started it if the timeline holds that call. */
export interface WaterfallChild {
  id: string;
  title: string;
  start: number;
  end: number;
  cost: number;
}

/** Waits shorter than this are the ordinary hand-over between a step and a tool, not worth a bar. */
export const MIN_WAIT_MS = 1_000;

/** Greedy first fit: each interval (by start) goes in the first row free at its start; returns the rows used. */
export function packRows<T extends { start: number; end: number; row: number }>(items: T[]): number {
  const ends: number[] = [];
  for (const item of [...items].sort((a, b) => a.start - b.start || a.end - b.end)) {
    let row = ends.findIndex((end) => end <= item.start);
    if (row === -1) row = ends.push(item.end) - 1;
    else ends[row] = item.end;
    item.row = row;
  }
  return Math.max(1, ends.length);
}

/** Marks each bar that overlaps another (sweep over the bars by start). */
function markParallel(bars: WaterfallBar[]): void {
  const sorted = [...bars].sort((a, b) => a.start - b.start);
  let reach = -Infinity;
  let holder: WaterfallBar | undefined;
  for (const bar of sorted) {
    if (bar.start < reach && holder) {
      bar.parallel = true;
      holder.parallel = true;
    }
    if (bar.end > reach) {
      reach = bar.end;
      holder = bar;
    }
  }
}

function toolLabel(part: ToolPart): string {
  const title = part.title ?? (typeof part.input.description === 'string' ? part.input.description : undefined);
  return title ? `${part.tool}: ${title}` : part.tool;
}

const firstPart = (parts: readonly Part[]): string | undefined => parts[0]?.id;

/** Parts of the turn's own messages as bars; tool calls without both times are left out (nothing to place). */
function barsOfTurns(turns: readonly Turn[]): { steps: WaterfallBar[]; tools: WaterfallBar[] } {
  const steps: WaterfallBar[] = [];
  const tools: WaterfallBar[] = [];
  for (const turn of turns) {
    for (const m of turn.assistant) {
      const start = m.info.time.created;
      const end = Math.max(start, m.info.time.completed ?? m.parts.reduce((t, p) => Math.max(t, p.time?.end ?? p.time?.start ?? t), start));
      const tokens = m.info.tokens.input + m.info.tokens.output + m.info.tokens.reasoning + m.info.tokens.cacheRead + m.info.tokens.cacheWrite;
      steps.push({ id: m.info.id, kind: 'step', label: m.info.modelID ?? 'step', start, end, row: 0, partID: firstPart(m.parts), cost: m.info.cost, tokens });
      for (const part of m.parts) {
        if (part.type !== 'tool' || part.time?.start === undefined) continue;
        // A call still running reaches to its step's end; one that ended without an end time is an instant.
        const until = part.time.end ?? (part.status === 'running' || part.status === 'pending' ? Math.max(part.time.start, end) : part.time.start);
        tools.push({ id: part.id, kind: 'tool', label: toolLabel(part), start: part.time.start, end: until, row: 0, partID: part.id, status: part.status });
      }
    }
  }
  return { steps, tools };
}

/** Spans inside each turn (prompt to last activity) when no step or tool ran: where the turn waited. */
function waitsOf(turns: readonly Turn[], busy: readonly WaterfallBar[]): WaterfallBar[] {
  const waits: WaterfallBar[] = [];
  const sorted = [...busy].sort((a, b) => a.start - b.start);
  for (const turn of turns) {
    let cursor = turn.start;
    const inTurn = sorted.filter((b) => b.end > turn.start && b.start < turn.end);
    for (const bar of [...inTurn, { start: turn.end, end: turn.end }]) {
      if (bar.start - cursor >= MIN_WAIT_MS) waits.push({ id: `wait-${turn.id}-${cursor}`, kind: 'wait', label: 'waiting', start: cursor, end: bar.start, row: 0 });
      cursor = Math.max(cursor, bar.end);
    }
  }
  return waits;
}

/**
 * The session's loaded turns on one time axis: a lane of model steps (with the turns' waits), a
 * lane of tool calls (calls that ran at once in rows of their own), and a lane per subagent.
 */
export function layoutWaterfall(turns: readonly Turn[], children: readonly WaterfallChild[], spawnedBy: ReadonlyMap<string, string> = new Map()): Waterfall {
  const { steps, tools } = barsOfTurns(turns);
  const waits = waitsOf(turns, [...steps, ...tools]);
  const costliest = steps.reduce<WaterfallBar | undefined>((best, s) => (!best || (s.cost ?? 0) > (best.cost ?? 0) || ((s.cost ?? 0) === (best.cost ?? 0) && (s.tokens ?? 0) > (best.tokens ?? 0)) ? s : best), undefined);
  if (costliest && ((costliest.cost ?? 0) > 0 || (costliest.tokens ?? 0) > 0)) costliest.costliest = true;
  markParallel(tools);
  const lanes: WaterfallLane[] = [{ key: 'steps', label: 'Model steps', rows: 1, bars: [...steps, ...waits] }];
  if (tools.length > 0) lanes.push({ key: 'tools', label: 'Tool calls', rows: packRows(tools), bars: tools });
  for (const child of children) {
    const bar: WaterfallBar = { id: child.id, kind: 'subagent', label: child.title, start: child.start, end: Math.max(child.start, child.end), row: 0, cost: child.cost, partID: spawnedBy.get(child.id) };
    lanes.push({ key: `child-${child.id}`, label: child.title, rows: 1, bars: [bar], sessionID: child.id });
  }
  let start = Infinity;
  let end = -Infinity;
  for (const span of [...lanes.flatMap((l) => l.bars), ...turns]) {
    start = Math.min(start, span.start);
    end = Math.max(end, span.end);
  }
  return { start: Number.isFinite(start) ? start : 0, end: Number.isFinite(end) ? Math.max(end, start) : 0, lanes };
}

/** Which call started each child session (tool calls that name the session they started). */
export function spawningCalls(turns: readonly Turn[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const turn of turns) for (const m of turn.assistant) for (const part of m.parts) if (part.type === 'tool' && part.childSessionID) out.set(part.childSessionID, part.id);
  return out;
}

/** A bar's place on the axis, as fractions of its width (a bar is at least `minWidth` wide, so an instant still shows). */
export function barGeometry(w: Pick<Waterfall, 'start' | 'end'>, bar: Pick<WaterfallBar, 'start' | 'end'>, minWidth = 0.004): { left: number; width: number } {
  const span = Math.max(1, w.end - w.start);
  const left = Math.min(1, Math.max(0, (bar.start - w.start) / span));
  const width = Math.max(minWidth, Math.min(1 - left, (bar.end - bar.start) / span));
  return { left: Math.min(left, 1 - width), width };
}
