import { searchParamsSchema } from '@/lib/search/search-params';
import { json, parseQuery } from '@/lib/server/http/responses';
import { getSearch } from '@/lib/server/queries/get-search';
import { getSearchService } from '@/lib/server/store/get-store';
import { teamSearchResponse, wantsTeam } from '@/lib/server/team/team-routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(request: Request): Promise<Response> {
  if (wantsTeam(request)) return teamSearchResponse(request);
  const query = parseQuery(request, searchParamsSchema);
  if (!query.ok) return query.response;
  return json(await getSearch(getSearchService(), query.value));
}
