import { json } from '@/lib/server/http/responses';
import { getPlans } from '@/lib/server/queries/get-plans';
import { getRuntime } from '@/lib/server/store/get-store';
import { teamPlansResponse, wantsTeam } from '@/lib/server/team/team-routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(request: Request): Response | Promise<Response> {
  if (wantsTeam(request)) return teamPlansResponse(request);
  return json(getPlans(getRuntime()));
}
