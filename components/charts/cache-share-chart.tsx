'use client';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompact } from '@/lib/format/format-tokens';
import { AXIS_TICK, GRID_STROKE, TOKEN_SERIES, TOOLTIP_STYLE } from './chart-theme';

const SERIES = TOKEN_SERIES.filter((s) => s.key === 'input' || s.key === 'cacheRead' || s.key === 'cacheWrite');

/** Share of prompt tokens that were fresh input, cache reads and cache writes (100% stacked bars). */
export function CacheShareChart({ rows, xKey, height = 200, label, ticks }: { rows: readonly object[]; xKey: string; height?: number; label: string; ticks?: readonly string[] }) {
  return (
    <div className="chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart accessibilityLayer={false} data={rows as unknown[]} stackOffset="expand" margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey={xKey} tick={AXIS_TICK} tickLine={false} axisLine={false} minTickGap={16} {...(ticks ? { ticks: [...ticks], interval: 0 } : {})} />
          <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} tickFormatter={(v: number) => `${Math.round(v * 100)}%`} width={40} />
          <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'var(--hover)' }} formatter={(value) => formatCompact(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {SERIES.map((s) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} stackId="prompt" fill={s.color} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
