'use client';
import { useEffect, useRef, useState } from 'react';
import { sourceFilterLabel, type SourceFilter } from '@/lib/model/source';
import { SESSION_STATUSES } from '@/lib/status/session-status';
import { statusLabel } from '@/lib/view/status-view';
import { DEFAULT_TABLE_QUERY, hasFilters, type TableQuery } from '@/lib/view/table-query';
import { QuickRanges } from '@/components/ui/quick-ranges';
import { useFilterOptions } from './use-filter-options';

interface Props {
  query: TableQuery;
  setQuery: (q: TableQuery) => void;
  autoFocus?: boolean;
}

export function SessionFilterBar({ query, setQuery, autoFocus }: Props) {
  const options = useFilterOptions();
  const [text, setText] = useState(query.q ?? '');
  const searchRef = useRef<HTMLInputElement>(null);

  // Typing updates the URL after a pause, not on every key.
  useEffect(() => {
    if ((query.q ?? '') === text.trim()) return;
    const timer = setTimeout(() => setQuery({ ...query, q: text.trim() || undefined }), 250);
    return () => clearTimeout(timer);
  }, [text, query, setQuery]);

  useEffect(() => {
    if (autoFocus) searchRef.current?.focus();
  }, [autoFocus]);

  // Controls show a change at once; the URL (and so the table) follows a moment later.
  const [shown, setShown] = useState(query);
  const [seen, setSeen] = useState(query);
  if (seen !== query) {
    setSeen(query);
    setShown(query);
  }
  const set = <K extends keyof TableQuery>(key: K, value: TableQuery[K]) => {
    const next = { ...shown, [key]: value, q: query.q };
    setShown(next);
    setQuery(next);
  };
  const opt = (v: string) => (v === '' ? undefined : v);

  return (
    <form className="filter-bar" role="search" onSubmit={(e) => e.preventDefault()} aria-label="Filter sessions">
      <input
        ref={searchRef}
        data-search-input
        type="search"
        placeholder="Filter by title"
        aria-label="Search session titles"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && (e.currentTarget as HTMLInputElement).blur()}
      />
      <select aria-label="Project" value={shown.project ?? ''} onChange={(e) => set('project', opt(e.target.value))}>
        <option value="">All projects</option>
        {/* A project the URL names that no listed session has: shown as what the table filters by, not as "All projects". */}
        {shown.project && !options.projects.some((p) => p.id === shown.project) ? <option value={shown.project}>{`${shown.project} (no sessions)`}</option> : null}
        {options.projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </select>
      <select aria-label="Status" value={shown.status ?? ''} onChange={(e) => set('status', opt(e.target.value) as TableQuery['status'])}>
        <option value="">Any status</option>
        {SESSION_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </select>
      <select aria-label="Model" value={shown.model ?? ''} onChange={(e) => set('model', opt(e.target.value))}>
        <option value="">Any model</option>
        {[...new Set([...(shown.model ? [shown.model] : []), ...options.models])].map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      <select aria-label="Agent" value={shown.agent ?? ''} onChange={(e) => set('agent', opt(e.target.value))}>
        <option value="">Any agent</option>
        {[...new Set([...(shown.agent ? [shown.agent] : []), ...options.agents])].map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
      <select aria-label="Source" value={shown.source ?? ''} onChange={(e) => set('source', opt(e.target.value) as SourceFilter | undefined)}>
        <option value="">Any source</option>
        {[...new Set<SourceFilter>([...options.sources, ...(shown.source ? [shown.source] : [])])].map((f) => (
          <option key={f} value={f}>
            {sourceFilterLabel(f)}
          </option>
        ))}
      </select>
      <QuickRanges
        label="Active in"
        value={{ from: shown.from, to: shown.to }}
        onChange={(range) => {
          const next = { ...shown, from: range.from, to: range.to, q: query.q };
          setShown(next);
          setQuery(next);
        }}
      />
      <label className="inline-field">
        From <input type="date" aria-label="Active from" value={shown.from ?? ''} onChange={(e) => set('from', opt(e.target.value))} />
      </label>
      <label className="inline-field">
        to <input type="date" aria-label="Active until" value={shown.to ?? ''} onChange={(e) => set('to', opt(e.target.value))} />
      </label>
      <label className="inline-field">
        <input type="checkbox" checked={shown.roots} onChange={(e) => set('roots', e.target.checked)} /> Roots only
      </label>
      {hasFilters(shown) ? (
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setText('');
            setQuery({ ...DEFAULT_TABLE_QUERY, sort: query.sort, order: query.order });
          }}
        >
          Clear filters
        </button>
      ) : null}
    </form>
  );
}
