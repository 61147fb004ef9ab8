import 'server-only';
import { sourceKindsOf, type SearchParams } from '@/lib/search/search-params';
import type { SearchResponse } from '@/lib/search/search-types';
import type { SearchService } from '../search/search-service';

/** A page of search hits for the route's parameters. */
export function getSearch(search: SearchService, p: SearchParams): Promise<SearchResponse> {
  return search.search({
    q: p.q,
    filters: { sources: sourceKindsOf(p.source), project: p.project, agent: p.agent, model: p.model, from: p.from, to: p.to, role: p.role, kinds: p.kind, session: p.session },
    limit: p.limit,
    offset: p.cursor ?? 0,
    order: p.order,
  });
}
