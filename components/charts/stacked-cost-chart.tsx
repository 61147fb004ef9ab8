'use client';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCost, formatCostTick } from '@/lib/format/format-cost';
import type { StackedDays } from '@/lib/charts/cost-by-day-model';
import { AXIS_TICK, GRID_STROKE, PALETTE, TOOLTIP_STYLE } from './chart-theme';

export function StackedCostChart({ data, height = 240, label, ticks }: { data: StackedDays; height?: number; label: string; ticks?: readonly string[] }) {
  return (
    <div className="chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={height}>
        <BarChart accessibilityLayer={false} data={data.rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={GRID_STROKE} vertical={false} />
          <XAxis dataKey="label" tick={AXIS_TICK} tickLine={false} axisLine={false} minTickGap={16} {...(ticks ? { ticks: [...ticks], interval: 0 } : {})} />
          <YAxis tick={AXIS_TICK} tickLine={false} axisLine={false} tickFormatter={(v: number) => formatCostTick(v)} width={56} />
          <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'var(--hover)' }} formatter={(value) => formatCost(Number(value))} />
          <Legend wrapperStyle={{ fontSize: 12 }} itemSorter={null} />
          {data.series.map((s, i) => (
            <Bar key={s.key} dataKey={s.key} name={s.name} stackId="cost" fill={PALETTE[i % PALETTE.length]} isAnimationActive={false} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
