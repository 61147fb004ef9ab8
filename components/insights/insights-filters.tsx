'use client';
import { useFilterOptions } from '@/components/sessions/use-filter-options';
import { QuickRanges } from '@/components/ui/quick-ranges';
import type { InsightsPageState } from '@/lib/insights/insights-params';
import { sourceFilterLabel, type SourceFilter } from '@/lib/model/source';
import { quickRangeDays } from '@/lib/view/quick-ranges';

const DIMENSIONS = [
  { by: 'tool', label: 'Tools' },
  { by: 'model', label: 'Models' },
  { by: 'agent', label: 'Agents' },
] as const;

/** What to group by, and the stats page's filters: range, source, project. */
export function InsightsFilters({ state, onChange, now }: { state: InsightsPageState; onChange: (next: InsightsPageState) => void; now: number }) {
  const options = useFilterOptions();
  const { source, project, ...rest } = state;
  return (
    <form className="filter-bar" onSubmit={(e) => e.preventDefault()} aria-label="Filter tools and models">
      <div className="segmented" role="group" aria-label="Group by">
        {DIMENSIONS.map((d) => (
          <button key={d.by} type="button" aria-pressed={state.by === d.by} data-by={d.by} onClick={() => onChange({ ...state, by: d.by })}>
            {d.label}
          </button>
        ))}
      </div>
      <QuickRanges label="Range" value={quickRangeDays(state.range, now)} onChange={(_, range) => onChange({ ...state, range })} />
      <select aria-label="Source" value={source ?? ''} onChange={(e) => onChange({ ...rest, ...(project ? { project } : {}), ...(e.target.value ? { source: e.target.value as SourceFilter } : {}) })}>
        <option value="">Any source</option>
        {[...new Set<SourceFilter>([...options.sources, ...(source ? [source] : [])])].map((f) => (
          <option key={f} value={f}>
            {sourceFilterLabel(f)}
          </option>
        ))}
      </select>
      <select aria-label="Project" value={project ?? ''} onChange={(e) => onChange({ ...rest, ...(source ? { source } : {}), ...(e.target.value ? { project: e.target.value } : {}) })}>
        <option value="">All projects</option>
        {options.projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </select>
    </form>
  );
}
