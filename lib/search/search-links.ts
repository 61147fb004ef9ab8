import { planAnchor } from '@/lib/view/plan-display';
import type { SearchHit, SearchProgress } from './search-types';

/** The index's name for a plan (its documents sit under it as a session's do): `plan:<key>`. */
export const PLAN_ID_PREFIX = 'plan:';

/** Where a hit opens: its session, scrolled to the part (or message) that matched; a plan item, its plan on /plans. */
export function hitHref(hit: Pick<SearchHit, 'sessionID' | 'messageID' | 'partID'> & Partial<Pick<SearchHit, 'kind' | 'sessionTitle'>>): string {
  if (hit.kind === 'plan' && hit.sessionID.startsWith(PLAN_ID_PREFIX)) {
    return `/plans#${encodeURIComponent(planAnchor({ key: hit.sessionID.slice(PLAN_ID_PREFIX.length), planName: hit.sessionTitle ?? '' }))}`;
  }
  const query = new URLSearchParams();
  if (hit.partID) query.set('part', hit.partID);
  if (hit.messageID) query.set('message', hit.messageID);
  const base = `/sessions/${encodeURIComponent(hit.sessionID)}`;
  return query.size > 0 ? `${base}?${query.toString()}` : base;
}

/** `GET /api/search` for these parameters (empty ones left out). */
export function searchApiUrl(params: Readonly<Record<string, string | number | undefined>>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  return `/api/search?${query.toString()}`;
}

/** A progress line while the index builds ("indexed 40% · results so far"), or nothing once it is ready. */
export function progressLine(progress: Pick<SearchProgress, 'phase' | 'done' | 'total' | 'reason' | 'failure' | 'waitingFor'> | undefined): string | undefined {
  if (!progress) return undefined;
  if (progress.phase === 'unavailable') return `Search is unavailable: ${progress.reason ?? 'the index cannot be opened'}`;
  if (progress.phase === 'starting') return 'Search index: waiting for the first read of your sessions · results so far';
  if (progress.phase !== 'indexing') return undefined;
  const percent = progress.total > 0 ? ` · ${Math.floor((100 * progress.done) / progress.total)}%` : '';
  if (progress.failure !== undefined) return `Search index build failed: ${progress.failure}; searching what is indexed${percent && `${percent} read again`}`;
  if (progress.waitingFor !== undefined) return `Search index: built by another dashboard (pid ${progress.waitingFor})${percent} · results so far`;
  if (progress.total > 0) return `Search index: ${Math.floor((100 * progress.done) / progress.total)}% indexed · results so far`;
  return undefined;
}
