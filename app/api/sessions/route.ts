import { sessionFiltersSchema, selectSessions } from '@/lib/sessions/session-filters';
import { json, parseQuery } from '@/lib/server/http/responses';
import { getStore } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
  const query = parseQuery(request, sessionFiltersSchema);
  if (!query.ok) return query.response;
  const store = getStore();
  return json({ ...selectSessions(store.summaryMap().values(), query.value), index: store.progress });
}
