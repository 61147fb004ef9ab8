import { isPlausibleId } from '@/lib/model/ids';
import { json, jsonError } from '@/lib/server/http/responses';
import { getSessionSteps } from '@/lib/server/queries/get-session-steps';
import { getStore } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Every model step of a session (tokens, cost, running cost) and its part count. */
export async function GET(_request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  if (!isPlausibleId(id)) return jsonError(400, 'malformed session id');
  const steps = await getSessionSteps(getStore(), id);
  if (!steps) return jsonError(404, `no session ${id}`);
  return json(steps);
}
