import { isPlausibleId } from '@/lib/model/ids';
import { json, jsonError } from '@/lib/server/http/responses';
import { getPart } from '@/lib/server/queries/get-part';
import { getStore } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(request: Request, context: { params: Promise<{ id: string; partId: string }> }): Promise<Response> {
  const { id, partId } = await context.params;
  if (!isPlausibleId(id) || !isPlausibleId(partId)) return jsonError(400, 'malformed id');
  // `message`: the part's message id, so only that message is read.
  const message = new URL(request.url).searchParams.get('message') ?? undefined;
  if (message !== undefined && !isPlausibleId(message)) return jsonError(400, 'malformed message id');
  const part = await getPart(getStore(), id, partId, message);
  if (!part) return jsonError(404, `no part ${partId} in session ${id}`);
  return json(part);
}
