import { isPlausibleId } from '@/lib/model/ids';
import { json, jsonError } from '@/lib/server/http/responses';
import { getSessionDetail } from '@/lib/server/queries/get-session-detail';
import { getStore } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  if (!isPlausibleId(id)) return jsonError(400, 'malformed session id');
  // `before`: a turn id from `olderCursor`, for the page of older turns.
  const before = new URL(request.url).searchParams.get('before') ?? undefined;
  if (before !== undefined && !isPlausibleId(before)) return jsonError(400, 'malformed before cursor');
  const detail = await getSessionDetail(getStore(), id, before);
  if (!detail) return jsonError(404, `no session ${id}`);
  return json(detail);
}
