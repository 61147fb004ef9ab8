import { json, parseQuery } from '@/lib/server/http/responses';
import { getStats } from '@/lib/server/queries/get-stats';
import { getStore } from '@/lib/server/store/get-store';
import { statsToCsv } from '@/lib/stats/stats-csv';
import { statsQuerySchema } from '@/lib/stats/stats-query';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
  const query = parseQuery(request, statsQuerySchema);
  if (!query.ok) return query.response;
  const result = getStats(getStore(), query.value);
  if (query.value.format === 'csv') {
    return new Response(statsToCsv(result, query.value.groupBy), {
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="sessionscope-stats-by-${query.value.groupBy}.csv"`, 'Cache-Control': 'no-store' },
    });
  }
  return json(result);
}
