import { json, parseQuery } from '@/lib/server/http/responses';
import { getInsights } from '@/lib/server/queries/get-insights';
import { getStore } from '@/lib/server/store/get-store';
import { insightsQuerySchema } from '@/lib/insights/insights-query';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Per tool, model or agent: calls, failures, durations, replies and output speed (`?by=tool|model|agent`). */
export function GET(request: Request): Response {
  const query = parseQuery(request, insightsQuerySchema);
  if (!query.ok) return query.response;
  return json(getInsights(getStore(), query.value));
}
