'use client';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompact } from '@/lib/format/format-tokens';
import { formatCost, formatCostTick } from '@/lib/format/format-cost';
import { costAxis } from '@/lib/charts/axis';
import { AXIS_TICK, COST_COLOR, GRID_STROKE, TOKEN_SERIES, TOOLTIP_STYLE } from './chart-theme';

interface Props {
  rows: readonly object[];
  xKey: string;
  costKey: string;
  costName: string;
  /** A second, dashed cost line (cost at API prices). */
  altCost?: { key: string; name: string };
  height?: number;
  label: string;
  /** Tick values to show (shared with a neighbouring chart); default: recharts thins them. */
  ticks?: readonly string[];
  /** A row field whose text heads the tooltip instead of the tick ("steps 113–119"). */
  titleKey?: string;
}

/**
 * Tokens stacked by kind (bars, left axis) with a cost line (right axis). Draws prepared rows only.
 * The cost line is a step per row: a smoothed curve invented values between days.
 */
export function TokenCostChart({ rows, xKey, costKey, costName, altCost, height = 240, label, ticks, titleKey }: Props) {
  // A $0 series gets no cost axis at all (not "$0–$4"); one row gets dots, not an invisible line.
  const cost = costAxis(rows, altCost ? [costKey, altCost.key] : [costKey]);
  const dot = rows.length === 1 ? { r: 4 } : false;
  return (
    <div className="chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={height}>
        <ComposedChart accessibilityLayer={false} data={rows as unknown[]} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey={xKey} tick={AXIS_TICK} tickLine={false} axisLine={false} minTickGap={16} {...(ticks ? { ticks: [...ticks], interval: 0 } : {})} />
          <YAxis yAxisId="tokens" tick={AXIS_TICK} tickLine={false} axisLine={false} tickFormatter={(v: number) => formatCompact(v)} width={48} />
          {cost.show ? <YAxis yAxisId="cost" orientation="right" tick={AXIS_TICK} tickLine={false} axisLine={false} tickFormatter={(v: number) => formatCostTick(v)} width={56} domain={[0, 'auto']} /> : null}
          <Tooltip
            contentStyle={TOOLTIP_STYLE}
            cursor={{ fill: 'var(--hover)' }}
            labelFormatter={(tick, payload) => {
              const row = payload?.[0]?.payload as Record<string, unknown> | undefined;
              return titleKey && typeof row?.[titleKey] === 'string' ? row[titleKey] : tick;
            }}
            formatter={(value, name) => (name === costName || name === altCost?.name ? formatCost(Number(value)) : formatCompact(Number(value)))}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {TOKEN_SERIES.map((s) => (
            <Bar key={s.key} yAxisId="tokens" dataKey={s.key} name={s.name} stackId="tokens" fill={s.color} isAnimationActive={false} />
          ))}
          {cost.show && altCost ? (
            <Line yAxisId="cost" dataKey={altCost.key} name={altCost.name} stroke={COST_COLOR} strokeDasharray="4 3" strokeWidth={1.5} dot={dot} type="step" isAnimationActive={false} />
          ) : null}
          {cost.show ? <Line yAxisId="cost" dataKey={costKey} name={costName} stroke={COST_COLOR} strokeWidth={2} dot={dot} type="step" isAnimationActive={false} /> : null}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
