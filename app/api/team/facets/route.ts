import { teamFacetsResponse } from '@/lib/server/team/team-routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(): Promise<Response> {
  return teamFacetsResponse();
}
