import { teamToolsResponse } from '@/lib/server/team/team-routes';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> | Response {
  return teamToolsResponse(request);
}
