import { SOURCE_FILTERS, type SourceFilter } from '@/lib/model/source';
import { SESSION_SORTS } from '@/lib/sessions/session-filters';
import { SESSION_STATUSES, type SessionStatus } from '@/lib/status/session-status';

export type TableSort = (typeof SESSION_SORTS)[number];

/** The session table's state as it lives in the URL: strings as typed, defaults left out. */
export interface TableQuery {
  project?: string;
  status?: SessionStatus;
  /** `you`: only sessions that need you (the header's count links here). */
  needs?: 'you';
  model?: string;
  agent?: string;
  source?: SourceFilter;
  /** "YYYY-MM-DD" (local day). */
  from?: string;
  to?: string;
  roots: boolean;
  q?: string;
  sort: TableSort;
  order: 'asc' | 'desc';
}

export const DEFAULT_TABLE_QUERY: TableQuery = { roots: false, sort: 'lastActivity', order: 'desc' };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const text = (v: string | null) => (v && v.trim() ? v.trim().slice(0, 300) : undefined);

export function readTableQuery(search: URLSearchParams): TableQuery {
  const status = search.get('status');
  const sort = search.get('sort');
  const from = search.get('from');
  const to = search.get('to');
  const source = search.get('source');
  return {
    project: text(search.get('project')),
    status: SESSION_STATUSES.includes(status as SessionStatus) ? (status as SessionStatus) : undefined,
    needs: search.get('needs') === 'you' ? 'you' : undefined,
    model: text(search.get('model')),
    agent: text(search.get('agent')),
    source: SOURCE_FILTERS.includes(source as SourceFilter) ? (source as SourceFilter) : undefined,
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
    roots: search.get('roots') === '1' || search.get('roots') === 'true',
    q: text(search.get('q')),
    sort: SESSION_SORTS.includes(sort as TableSort) ? (sort as TableSort) : 'lastActivity',
    order: search.get('order') === 'asc' ? 'asc' : 'desc',
  };
}

/** URL search string for a table state, defaults omitted, keys in a fixed order (stable query keys). */
export function writeTableQuery(q: TableQuery): string {
  const out = new URLSearchParams();
  if (q.project) out.set('project', q.project);
  if (q.status) out.set('status', q.status);
  if (q.needs) out.set('needs', q.needs);
  if (q.model) out.set('model', q.model);
  if (q.agent) out.set('agent', q.agent);
  if (q.source) out.set('source', q.source);
  if (q.from) out.set('from', q.from);
  if (q.to) out.set('to', q.to);
  if (q.roots) out.set('roots', '1');
  if (q.q) out.set('q', q.q);
  if (q.sort !== DEFAULT_TABLE_QUERY.sort) out.set('sort', q.sort);
  if (q.order !== DEFAULT_TABLE_QUERY.order) out.set('order', q.order);
  return out.toString();
}

/** Clicking a column: the same column flips the order; a new one starts descending (titles ascending). */
export function toggleSort(q: TableQuery, sort: TableSort): TableQuery {
  if (q.sort === sort) return { ...q, order: q.order === 'asc' ? 'desc' : 'asc' };
  return { ...q, sort, order: sort === 'title' ? 'asc' : 'desc' };
}

/** `to` is a whole day: the API's `to` is compared with a session's first activity, so send the day's end. */
export function apiSessionsQuery(q: TableQuery, limit: number, cursor?: string): string {
  const out = new URLSearchParams(writeTableQuery({ ...q, to: undefined, sort: q.sort, order: q.order }));
  out.set('sort', q.sort);
  out.set('order', q.order);
  if (q.to) out.set('to', String(new Date(`${q.to}T00:00:00`).getTime() + 86_400_000 - 1));
  out.set('limit', String(limit));
  if (cursor) out.set('cursor', cursor);
  return out.toString();
}

/** The download of everything the table's filters match (every page, in the table's order). */
export function exportSessionsHref(q: TableQuery, format: 'csv' | 'json'): string {
  const params = new URLSearchParams(apiSessionsQuery(q, 1));
  params.delete('limit');
  params.set('format', format);
  return `/api/sessions?${params.toString()}`;
}

export function hasFilters(q: TableQuery): boolean {
  return Boolean(q.project || q.status || q.needs || q.model || q.agent || q.source || q.from || q.to || q.roots || q.q);
}
