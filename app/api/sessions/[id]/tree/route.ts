import { isPlausibleId } from '@/lib/model/ids';
import { json, jsonError } from '@/lib/server/http/responses';
import { getSessionTree } from '@/lib/server/queries/get-session-tree';
import { getStore } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export async function GET(_request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  if (!isPlausibleId(id)) return jsonError(400, 'malformed session id');
  const tree = await getSessionTree(getStore(), id);
  if (!tree) return jsonError(404, `no session ${id}`);
  return json(tree);
}
