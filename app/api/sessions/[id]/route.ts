import { isPlausibleId } from '@/lib/model/ids';
import { json, jsonError } from '@/lib/server/http/responses';
import { getSessionDetail } from '@/lib/server/queries/get-session-detail';
import { getStore } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  if (!isPlausibleId(id)) return jsonError(400, 'malformed session id');
  const detail = await getSessionDetail(getStore(), id);
  if (!detail) return jsonError(404, `no session ${id}`);
  return json(detail);
}
