'use client';
import { useInfiniteQuery, keepPreviousData } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { Panel } from '@/components/ui/panel';
import { fetchJson } from '@/lib/client/fetch-json';
import { plural } from '@/lib/format/plural';
import { SOURCE_FAMILIES, SOURCE_FAMILY_LABELS } from '@/lib/model/source';
import type { TeamSearchPage } from '@/lib/team/team-query';
import { matchedFields } from '@/lib/team/team-search';
import { textNotice } from '@/lib/team/text-notice';
import { TeamTextHits } from './team-text-hits';
import { TeamSessionRow } from './team-session-row';
import { TeamSessionsHead } from './team-sessions-table';
import type { ConfiguredTeam } from './use-team-scope';
import { useTeamFacets } from './use-team-session-page';
import { FilterSelect, type FilterOption } from '@/components/ui/filter-select';

const FILTERS = ['person', 'machine', 'source'] as const;

/**
 * Search's team scope: what the team database holds of a session (title, folder, models, agents),
 * and the text of the machines that publish it (`--publish-text`); the others' text is searched on
 * each machine only.
 */
export function TeamSearchView({ team }: { team: ConfiguredTeam }) {
  const router = useRouter();
  const pathname = usePathname();
  const url = useSearchParams();
  const q = url.get('q')?.trim() ?? '';
  const [text, setText] = useState(q);
  const facets = useTeamFacets().data;
  // The address last asked for: a filter chosen while the typing pause runs (or the other way
  // round) builds on it, not on an address the router has not reached yet.
  const asked = useRef<string | null>(null);
  const current = url.toString();
  useEffect(() => {
    if (asked.current === current) asked.current = null;
  }, [current]);
  const set = (key: (typeof FILTERS)[number] | 'q', value: string) => {
    const next = new URLSearchParams(asked.current ?? current);
    if (value) next.set(key, value);
    else next.delete(key);
    asked.current = next.toString();
    router.replace(`${pathname}?${next.toString()}`);
  };
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => set('q', text.trim()), 250);
    return () => clearTimeout(timer);
  });
  const params = new URLSearchParams({ scope: 'team', q, limit: '30' });
  for (const key of FILTERS) if (url.get(key)) params.set(key, url.get(key)!);
  const results = useInfiniteQuery({
    queryKey: ['team', 'search', params.toString()],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => fetchJson<TeamSearchPage>(`/api/search?${params.toString()}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, signal),
    getNextPageParam: (page) => page.nextCursor,
    enabled: q !== '',
    placeholderData: keepPreviousData,
    retry: false,
  });
  const sessions = results.data?.pages.flatMap((p) => p.sessions) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;
  const passages = results.data?.pages[0]?.text;
  const publishedBy = passages?.publishedBy ?? team.textPublishedBy;
  const here = (machine: string) => !team.teamOnly && machine === team.machine;
  const select = (key: (typeof FILTERS)[number], label: string, options: FilterOption[]) => <FilterSelect label={label} value={url.get(key) ?? ''} options={options} onChange={(value) => set(key, value)} />;
  return (
    <>
      <form className="filter-bar" role="search" aria-label="Search the team" onSubmit={(e) => e.preventDefault()}>
        <input type="search" aria-label="Search text" placeholder={publishedBy && publishedBy.length > 0 ? 'Words in published text, titles, folders, models' : 'Words in titles, folders, models, agents'} value={text} onChange={(e) => setText(e.target.value)} data-testid="search-page-input" />
        {select('person', 'Person', (facets?.people ?? []).map((p) => ({ value: p, label: p })))}
        {select('machine', 'Machine', (facets?.machines ?? []).map((m) => ({ value: m, label: m })))}
        {select('source', 'Agent tool', SOURCE_FAMILIES.map((s) => ({ value: s, label: SOURCE_FAMILY_LABELS[s] })))}
      </form>
      <Panel title={q ? `Team sessions for “${q}”` : 'Search the team'}>
        <p className="muted small" data-testid="team-search-scope">
          Across the team, Search finds sessions by their titles, project folders, models and agents{publishedBy && publishedBy.length > 0 ? ', and passages of the text published' : ''}. {textNotice(publishedBy)}
        </p>
        {results.error ? <p>Search failed: {results.error.message}</p> : null}
        {q && results.data && total === 0 && !passages?.hits.length ? <p className="muted">No session of the team matches.</p> : null}
        {q && total > 0 ? (
          <p data-testid="search-count">
            {plural(total, 'session')}
            {results.hasNextPage ? `, the first ${sessions.length} shown` : ''}
          </p>
        ) : null}
        {sessions.length > 0 ? (
          <div className="table-box">
            <table className="table sessions-table card-table team-sessions-table" data-testid="team-search-results">
              <TeamSessionsHead />
              <tbody>
                {sessions.map((s) => (
                  <TeamSessionRow key={`${s.machine}/${s.source}/${s.id}`} session={s} here={here(s.machine)} matched={matchedFields(s, q)} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {results.hasNextPage ? (
          <button type="button" className="link-button" onClick={() => void results.fetchNextPage()} disabled={results.isFetchingNextPage}>
            {results.isFetchingNextPage ? 'loading…' : 'more results'}
          </button>
        ) : null}
      </Panel>
      {q && passages && passages.hits.length > 0 ? (
        <Panel title={`In the published text: ${plural(passages.total, 'passage')}${passages.totalCapped ? '+' : ''}`}>
          {passages.total > passages.hits.length ? <p className="muted small">The newest {passages.hits.length} shown.</p> : null}
          <TeamTextHits hits={passages.hits} here={here} />
        </Panel>
      ) : null}
    </>
  );
}
