import { json } from '@/lib/server/http/responses';
import { teamStatus } from '@/lib/server/team/team-status';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return json(teamStatus());
}
