import { activityQuerySchema } from '@/lib/activity/activity-query';
import { json, parseQuery } from '@/lib/server/http/responses';
import { getActivity } from '@/lib/server/queries/get-activity';
import { getStore } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Tokens and spend per local hour (the overview's heatmap and year calendar). */
export function GET(request: Request): Response {
  const query = parseQuery(request, activityQuerySchema);
  if (!query.ok) return query.response;
  return json(getActivity(getStore(), query.value));
}
