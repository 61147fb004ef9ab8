import { downloadAs, json, parseQuery } from '@/lib/server/http/responses';
import { wantsTeam } from '@/lib/server/http/team-scope';
import { getStats } from '@/lib/server/queries/get-stats';
import { runningStore } from '@/lib/server/startup/running-store';
import { statsToCsv } from '@/lib/stats/stats-csv';
import { statsQuerySchema } from '@/lib/stats/stats-query';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// The team's answer loads PostgreSQL's queries only when asked for: a restart's first total loads less.
export async function GET(request: Request): Promise<Response> {
  if (wantsTeam(request)) return (await import('@/lib/server/team/team-routes')).teamStatsResponse(request);
  const query = parseQuery(request, statsQuerySchema);
  if (!query.ok) return query.response;
  const { groupBy, split, format } = query.value;
  const result = getStats(await runningStore(), query.value);
  if (!format) return json(result);
  return downloadAs(format, result, () => statsToCsv(result, groupBy, split), `sessionscope-stats-by-${groupBy}${split ? `-and-${split}` : ''}`);
}
