import { json } from '@/lib/server/http/responses';
import { teamStatusWithText } from '@/lib/server/team/team-status';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(): Promise<Response> {
  return json(await teamStatusWithText());
}
