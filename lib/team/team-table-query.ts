import { SOURCE_FILTERS, type SourceFilter } from '@/lib/model/source';
import { TEAM_GROUPINGS, type TeamGrouping } from './team-query';

/** The team session list's state as it lives in the URL (beside `scope=team`), defaults left out. */
export interface TeamTableQuery {
  person?: string;
  machine?: string;
  source?: SourceFilter;
  group?: TeamGrouping;
  roots: boolean;
  /** Only what runs now: the sessions their machines published as live. */
  live?: boolean;
  q?: string;
}

const text = (v: string | null) => (v && v.trim() ? v.trim().slice(0, 300) : undefined);

export function readTeamTableQuery(search: URLSearchParams): TeamTableQuery {
  const source = search.get('source');
  const group = search.get('group');
  return {
    person: text(search.get('person')),
    machine: text(search.get('machine')),
    source: SOURCE_FILTERS.includes(source as SourceFilter) ? (source as SourceFilter) : undefined,
    group: TEAM_GROUPINGS.includes(group as TeamGrouping) ? (group as TeamGrouping) : undefined,
    roots: search.get('roots') === '1' || search.get('roots') === 'true',
    ...(search.get('live') === '1' ? { live: true } : {}),
    q: text(search.get('q')),
  };
}

/** URL search string (scope=team first, keys in a fixed order, so query keys stay stable). */
export function writeTeamTableQuery(q: TeamTableQuery): string {
  const out = new URLSearchParams({ scope: 'team' });
  if (q.person) out.set('person', q.person);
  if (q.machine) out.set('machine', q.machine);
  if (q.source) out.set('source', q.source);
  if (q.group) out.set('group', q.group);
  if (q.roots) out.set('roots', '1');
  if (q.live) out.set('live', '1');
  if (q.q) out.set('q', q.q);
  return out.toString();
}

export const hasTeamFilters = (q: TeamTableQuery) => Boolean(q.person || q.machine || q.source || q.roots || q.live || q.q);

/** `/api/sessions?…` for one page of the list. */
export function apiTeamSessionsQuery(q: TeamTableQuery, limit: number, cursor?: string): string {
  const out = new URLSearchParams(writeTeamTableQuery(q));
  out.set('limit', String(limit));
  if (cursor) out.set('cursor', cursor);
  return out.toString();
}
