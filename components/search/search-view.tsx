'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { TeamSearchView } from '@/components/team/team-search-view';
import { useScopedHead } from '@/components/team/use-scoped-head';
import { Panel } from '@/components/ui/panel';
import { useFilterOptions } from '@/components/sessions/use-filter-options';
import { SOURCE_FAMILY_LABELS } from '@/lib/model/source';
import { progressLine } from '@/lib/search/search-links';
import { DOC_KINDS, DOC_KIND_LABELS } from '@/lib/search/search-types';
import { SearchHitGroupView } from './search-hit-group';
import { groupSearchHits } from '@/lib/view/search-groups';
import { formatCount } from '@/lib/format/format-tokens';
import { plural } from '@/lib/format/plural';
import { useSearch } from './use-search';
import { useNamePage } from '@/components/shell/named-page';
import { searchPageName } from '@/lib/view/document-title';
import { FilterSelect, type FilterOption } from '@/components/ui/filter-select';

const FILTERS = ['source', 'project', 'agent', 'model', 'kind', 'role', 'from', 'to', 'order'] as const;
type Filter = (typeof FILTERS)[number];

/** This machine's search, or the team's (`?scope=team` with --team-db: titles, folders, models and agents only). */
export function SearchView() {
  const { head, team } = useScopedHead('Search', 'Search the team');
  if (team) {
    return (
      <div className="page search-page">
        {head}
        <TeamSearchView team={team} />
      </div>
    );
  }
  return <MachineSearchView head={head} />;
}

/** Every hit for a query, best first, with filters in the URL and more on request. */
function MachineSearchView({ head }: { head: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const url = useSearchParams();
  const q = url.get('q') ?? '';
  useNamePage(searchPageName(q));
  const params: Record<string, string | undefined> = { q };
  for (const key of FILTERS) params[key] = url.get(key) ?? undefined;
  const [text, setText] = useState(q);
  // A query set from elsewhere (the header box) replaces what is typed here.
  const [seenQ, setSeenQ] = useState(q);
  if (seenQ !== q) {
    setSeenQ(q);
    if (text.trim() !== q) setText(q);
  }
  const options = useFilterOptions();
  const results = useSearch({ ...params, limit: 30 });
  const set = (key: Filter | 'q', value: string) => {
    const next = new URLSearchParams(url.toString());
    if (value) next.set(key, value);
    else next.delete(key);
    router.replace(`${pathname}?${next.toString()}`);
  };
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => set('q', text.trim()), 250);
    return () => clearTimeout(timer);
  });
  const pages = results.data?.pages ?? [];
  const hits = pages.flatMap((p) => p.hits);
  const groups = groupSearchHits(hits);
  const first = pages[0];
  const newest = params.order === 'newest';
  const progress = progressLine(pages[0]?.progress);
  const select = (key: Filter, label: string, options: FilterOption[]) => <FilterSelect label={label} value={params[key] ?? ''} options={options} onChange={(value) => set(key, value)} />;
  return (
    <div className="page search-page">
      {head}
      <form className="filter-bar" role="search" aria-label="Search everything" onSubmit={(e) => e.preventDefault()}>
        <input type="search" aria-label="Search text" placeholder="Words, “a phrase”, -exclude, a OR b" value={text} onChange={(e) => setText(e.target.value)} data-testid="search-page-input" />
        {select('source', 'Agent tool', options.sources.map((s) => ({ value: s, label: SOURCE_FAMILY_LABELS[s] })))}
        {select('project', 'Project', options.projects.map((p) => ({ value: p.id, label: p.label })))}
        {select('agent', 'Agent', options.agents.map((a) => ({ value: a, label: a })))}
        {select('model', 'Model', options.models.map((m) => ({ value: m, label: m })))}
        {select('kind', 'Kind', DOC_KINDS.map((k) => ({ value: k, label: DOC_KIND_LABELS[k] })))}
        {select('role', 'Who', [{ value: 'user', label: 'you' }, { value: 'assistant', label: 'the agent' }])}
        <label className="inline-field">
          From <input type="date" aria-label="From" value={params.from ?? ''} onChange={(e) => set('from', e.target.value)} />
        </label>
        <label className="inline-field">
          to <input type="date" aria-label="To" value={params.to ?? ''} onChange={(e) => set('to', e.target.value)} />
        </label>
      </form>
      <Panel title={q ? `Results for “${q}”` : 'Search'}>
        {progress ? <p className="muted small search-progress" data-testid="search-progress">{progress}</p> : null}
        {!q ? <p className="muted">Type to search every prompt, reply, reasoning, tool call and output, title and todo of every session.</p> : null}
        {results.error ? <p>Search failed: {results.error.message}</p> : null}
        {q && results.data && hits.length === 0 ? <p className="muted">No matches.</p> : null}
        {q && first?.total ? (
          <div className="search-summary">
            <span data-testid="search-count">
              {first.totalCapped ? `${formatCount(first.total - 1)}+` : formatCount(first.total)} {first.total === 1 ? 'match' : 'matches'}
              {results.hasNextPage ? `, the first ${formatCount(hits.length)} shown` : ''} in {plural(groups.length, 'session')}
            </span>
            <div className="segmented" role="group" aria-label="Sort">
              <button type="button" aria-pressed={!newest} onClick={() => set('order', '')}>
                Best match
              </button>
              <button type="button" aria-pressed={newest} onClick={() => set('order', 'newest')}>
                Newest
              </button>
            </div>
          </div>
        ) : null}
        <ol className="search-groups">
          {groups.map((group) => (
            <SearchHitGroupView key={group.sessionID} group={group} />
          ))}
        </ol>
        {results.hasNextPage ? (
          <button type="button" className="link-button" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
            {results.isFetchingNextPage ? 'loading…' : 'more results'}
          </button>
        ) : null}
      </Panel>
    </div>
  );
}
