'use client';
import Link from 'next/link';
import { useMemo } from 'react';
import { Panel } from '@/components/ui/panel';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import type { Turn } from '@/lib/sessions/build-turns';
import { formatDuration } from '@/lib/format/format-duration';
import { plural } from '@/lib/format/plural';
import { barGeometry, layoutWaterfall, spawningCalls, type Waterfall, type WaterfallBar } from '@/lib/waterfall/waterfall-layout';
import { axisTicks, describeBar } from '@/lib/waterfall/waterfall-text';

/** Where the loaded turns spent their time: steps, tool calls (parallel ones on rows of their own), subagents; a bar opens its part. */
export function SessionWaterfall({ turns, subagents, shownTurns, totalTurns }: { turns: Turn[]; subagents: SessionSummary[]; shownTurns: number; totalTurns: number }) {
  const waterfall = useMemo(
    () => layoutWaterfall(turns, subagents.map((c) => ({ id: c.id, title: c.title || c.id, start: c.firstActivity, end: c.lastActivity, cost: c.cost })), spawningCalls(turns)),
    [turns, subagents],
  );
  if (waterfall.lanes.every((l) => l.bars.length === 0)) return null;
  const span = waterfall.end - waterfall.start;
  const title = `Waterfall · ${formatDuration(span)}${shownTurns < totalTurns ? ` · newest ${shownTurns} of ${plural(totalTurns, 'turn')} (load older turns below)` : ''}`;
  return (
    <Panel title={title} id="waterfall">
      <div className="waterfall" data-testid="waterfall">
        <div className="waterfall-lane waterfall-axis muted" aria-hidden>
          <span className="waterfall-label" />
          <div className="waterfall-track">
            {axisTicks(span).map((t) => (
              <span key={t.at} className="waterfall-tick" style={{ left: `${t.at * 100}%` }}>
                {t.label}
              </span>
            ))}
          </div>
        </div>
        {waterfall.lanes.map((lane) => (
          <div key={lane.key} className="waterfall-lane" data-lane={lane.key}>
            <span className="waterfall-label" title={lane.label}>
              {lane.sessionID ? <Link href={`/sessions/${encodeURIComponent(lane.sessionID)}`}>{lane.label}</Link> : lane.label}
            </span>
            <div className="waterfall-track" style={{ height: `${lane.rows * 16}px` }}>
              {lane.bars.map((bar) => (
                <Bar key={bar.id} waterfall={waterfall} bar={bar} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <p className="muted small waterfall-legend">
        <span className="legend-swatch" data-kind="step" /> step <span className="legend-swatch" data-kind="tool" /> tool call <span className="legend-swatch" data-kind="subagent" /> subagent <span className="legend-swatch" data-kind="wait" /> waiting{' '}
        <span className="legend-swatch" data-costliest /> costliest step · a bar opens its part in the timeline
      </p>
    </Panel>
  );
}

function Bar({ waterfall, bar }: { waterfall: Waterfall; bar: WaterfallBar }) {
  const { left, width } = barGeometry(waterfall, bar);
  const text = describeBar(bar);
  const style = { left: `${left * 100}%`, width: `${width * 100}%`, top: `${bar.row * 16}px` };
  const data = { 'data-kind': bar.kind, 'data-id': bar.id, 'data-parallel': bar.parallel ? '' : undefined, 'data-costliest': bar.costliest ? '' : undefined, 'data-status': bar.status };
  if (bar.partID) return <a className="waterfall-bar" href={`#part-${encodeURIComponent(bar.partID)}`} style={style} title={text} aria-label={text} {...data} />;
  if (bar.kind === 'subagent') return <Link className="waterfall-bar" href={`/sessions/${encodeURIComponent(bar.id)}`} style={style} title={text} aria-label={text} {...data} />;
  return <span className="waterfall-bar" style={style} title={text} role="img" aria-label={text} {...data} />;
}
