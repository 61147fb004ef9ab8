import { isPlausibleId } from '@/lib/model/ids';
import { download, jsonError } from '@/lib/server/http/responses';
import { getSessionExport } from '@/lib/server/queries/get-session-export';
import { getStore } from '@/lib/server/store/get-store';
import { renderSessionHtml } from '@/lib/share/render-session-html';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The session (timeline, figures, subagents) as one self-contained HTML file, downloaded. */
export async function GET(_request: Request, context: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await context.params;
  if (!isPlausibleId(id)) return jsonError(400, 'malformed session id');
  const exported = await getSessionExport(getStore(), id);
  if (!exported) return jsonError(404, `no session ${id}`);
  return download(renderSessionHtml(exported, Date.now()), `sessionscope-${id}.html`, 'text/html; charset=utf-8');
}
