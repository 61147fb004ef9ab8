import { downloadAs, json, parseQuery } from '@/lib/server/http/responses';
import { getStats } from '@/lib/server/queries/get-stats';
import { getStore } from '@/lib/server/store/get-store';
import { teamStatsResponse, wantsTeam } from '@/lib/server/team/team-routes';
import { statsToCsv } from '@/lib/stats/stats-csv';
import { statsQuerySchema } from '@/lib/stats/stats-query';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(request: Request): Response | Promise<Response> {
  if (wantsTeam(request)) return teamStatsResponse(request);
  const query = parseQuery(request, statsQuerySchema);
  if (!query.ok) return query.response;
  const { groupBy, split, format } = query.value;
  const result = getStats(getStore(), query.value);
  if (!format) return json(result);
  return downloadAs(format, result, () => statsToCsv(result, groupBy, split), `sessionscope-stats-by-${groupBy}${split ? `-and-${split}` : ''}`);
}
