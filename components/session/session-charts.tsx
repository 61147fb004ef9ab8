'use client';
import { useMemo } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { TokenCostChart } from '@/components/charts/token-cost-chart';
import { CacheShareChart } from '@/components/charts/cache-share-chart';
import { bucketSteps, computedCostDiffers, type StepRow } from '@/lib/charts/step-series';
import { evenTicks } from '@/lib/charts/axis';
import { cacheMix } from '@/lib/charts/cache-mix';
import { formatPercent, formatCompact } from '@/lib/format/format-tokens';
import { plural } from '@/lib/format/plural';
import type { TokenCounts } from '@/lib/model/tokens';
import { useNarrow } from '@/components/ui/use-narrow';

const NO_STEPS: StepRow[] = [];

/**
 * Charts of every model step of the session (their own query: all steps, however many turns are
 * loaded). `steps` is undefined while they are read.
 */
export function SessionCharts({ steps = NO_STEPS, error, tokens }: { steps?: StepRow[]; error?: unknown; tokens: TokenCounts }) {
  const loading = steps === NO_STEPS;
  const bars = useMemo(() => bucketSteps(steps), [steps]);
  const narrow = useNarrow();
  const ticks = useMemo(() => evenTicks(bars.map((b) => b.label), narrow ? 5 : 10), [narrow, bars]);
  const mix = cacheMix(tokens);
  if (error) return <ErrorState what="the step charts" error={error} />;
  if (loading) return <Loading what="step charts" />;
  if (steps.length === 0) return null;
  return (
    <div className="grid-2 wide-left">
      <Panel title={`Tokens per step, cumulative cost (${plural(steps.length, 'step')}${bars.length < steps.length ? `, ${bars.length} bars` : ''})`} id="step-chart">
        <TokenCostChart
          rows={bars}
          xKey="label"
          costKey="cumulativeCost"
          costName="Cumulative cost"
          altCost={computedCostDiffers(steps) ? { key: 'cumulativeComputedCost', name: 'Cumulative at API prices' } : undefined}
          height={220}
          label="Tokens per model step and cumulative cost"
          ticks={ticks}
          titleKey="title"
        />
      </Panel>
      <Panel title="Cache vs input per step" id="session-cache-chart">
        <CacheShareChart rows={bars} xKey="label" height={190} label="Share of prompt tokens from cache per step" ticks={ticks} />
        <p className="footnote muted">
          Cache hit ratio {formatPercent(mix.hitRatio)} of {formatCompact(mix.promptTokens)} prompt tokens.
        </p>
      </Panel>
    </div>
  );
}
