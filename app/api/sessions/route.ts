import { projectLabels } from '@/lib/accounting/compute-stats';
import { sessionFiltersSchema } from '@/lib/sessions/session-filters';
import { sessionsToCsv } from '@/lib/sessions/sessions-csv';
import { downloadAs, json, parseQuery } from '@/lib/server/http/responses';
import { getSessionPage, getMatchingSessions } from '@/lib/server/queries/get-session-page';
import { getStore } from '@/lib/server/store/get-store';
import { teamSessionsResponse, wantsTeam } from '@/lib/server/team/team-routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(request: Request): Response | Promise<Response> {
  if (wantsTeam(request)) return teamSessionsResponse(request);
  const query = parseQuery(request, sessionFiltersSchema);
  if (!query.ok) return query.response;
  const store = getStore();
  const format = query.value.format;
  if (!format) return json({ ...getSessionPage(store, query.value), index: store.progress });
  const sessions = getMatchingSessions(store, query.value);
  return downloadAs(format, { total: sessions.length, sessions }, () => sessionsToCsv(sessions, projectLabels(store.projects())), 'sessionscope-sessions');
}
