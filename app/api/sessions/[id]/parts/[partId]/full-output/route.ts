import { isPlausibleId } from '@/lib/model/ids';
import { jsonError } from '@/lib/server/http/responses';
import { getFullOutput } from '@/lib/server/queries/get-full-output';
import { getStore } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** A tool call's whole output as the agent kept it (oh-my-pi artifacts), as plain text. */
export async function GET(request: Request, context: { params: Promise<{ id: string; partId: string }> }): Promise<Response> {
  const { id, partId } = await context.params;
  if (!isPlausibleId(id) || !isPlausibleId(partId)) return jsonError(400, 'malformed id');
  const message = new URL(request.url).searchParams.get('message') ?? undefined;
  if (message !== undefined && !isPlausibleId(message)) return jsonError(400, 'malformed message id');
  const out = await getFullOutput(getStore(), id, partId, message);
  if (!out.ok) return jsonError(out.status, out.reason);
  // Hostile text stays text: never sniffed into HTML, never cached.
  return new Response(out.text, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' } });
}
