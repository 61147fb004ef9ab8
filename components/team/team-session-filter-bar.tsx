'use client';
import { useEffect, useState } from 'react';
import { SOURCE_FAMILIES, sourceFilterLabel, type SourceFilter } from '@/lib/model/source';
import type { TeamGrouping } from '@/lib/team/team-query';
import { hasTeamFilters, type TeamTableQuery } from '@/lib/team/team-table-query';
import { useTeamFacets } from './use-team-session-page';

const GROUPS: { value: TeamGrouping | undefined; label: string }[] = [
  { value: undefined, label: 'None' },
  { value: 'person', label: 'Person' },
  { value: 'machine', label: 'Machine' },
];

/** Title search, person, machine, agent and roots; "Group by" person or machine. */
export function TeamSessionFilterBar({ query, setQuery }: { query: TeamTableQuery; setQuery: (q: TeamTableQuery) => void }) {
  const facets = useTeamFacets().data;
  const [text, setText] = useState(query.q ?? '');
  // Typing updates the URL after a pause, not on every key.
  useEffect(() => {
    if ((query.q ?? '') === text.trim()) return;
    const timer = setTimeout(() => setQuery({ ...query, q: text.trim() || undefined }), 250);
    return () => clearTimeout(timer);
  }, [text, query, setQuery]);
  const set = <K extends keyof TeamTableQuery>(key: K, value: TeamTableQuery[K]) => setQuery({ ...query, [key]: value });
  const opt = (v: string) => (v === '' ? undefined : v);
  // A value from a shared link stays offered even before (or after) the facets name it.
  const withValue = (values: readonly string[] | undefined, value: string | undefined) => [...new Set([...(value ? [value] : []), ...(values ?? [])])];

  return (
    <form className="filter-bar" role="search" onSubmit={(e) => e.preventDefault()} aria-label="Filter the team's sessions">
      <input type="search" placeholder="Filter by title" aria-label="Search session titles" value={text} onChange={(e) => setText(e.target.value)} />
      <select aria-label="Person" value={query.person ?? ''} onChange={(e) => set('person', opt(e.target.value))}>
        <option value="">Everyone</option>
        {withValue(facets?.people, query.person).map((p) => (
          <option key={p} value={p}>
            {p}
          </option>
        ))}
      </select>
      <select aria-label="Machine" value={query.machine ?? ''} onChange={(e) => set('machine', opt(e.target.value))}>
        <option value="">Every machine</option>
        {withValue(facets?.machines, query.machine).map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <select aria-label="Source" value={query.source ?? ''} onChange={(e) => set('source', opt(e.target.value) as SourceFilter | undefined)}>
        <option value="">Any source</option>
        {[...new Set<SourceFilter>([...SOURCE_FAMILIES, ...(query.source ? [query.source] : [])])].map((f) => (
          <option key={f} value={f}>
            {sourceFilterLabel(f)}
          </option>
        ))}
      </select>
      <label className="inline-field">
        <input type="checkbox" checked={query.roots} onChange={(e) => set('roots', e.target.checked)} /> Roots only
      </label>
      <label className="inline-field">
        <input type="checkbox" checked={Boolean(query.live)} onChange={(e) => set('live', e.target.checked || undefined)} /> Running now
      </label>
      <span className="inline-field">
        <span className="muted small">Group by</span>
        <span className="segmented" role="group" aria-label="Group by">
          {GROUPS.map((g) => (
            <button key={g.label} type="button" aria-pressed={query.group === g.value} onClick={() => set('group', g.value)}>
              {g.label}
            </button>
          ))}
        </span>
      </span>
      {hasTeamFilters(query) ? (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setText('');
            setQuery({ roots: false, group: query.group });
          }}
        >
          Clear filters
        </button>
      ) : null}
    </form>
  );
}
