import { streamEvents, toEventResponseStream } from '@/lib/server/events/event-stream';
import { getStore } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(request: Request): Response {
  const header = request.headers.get('last-event-id') ?? new URL(request.url).searchParams.get('lastEventId');
  const lastEventId = header && /^\d+$/.test(header) ? Number(header) : undefined;
  const events = streamEvents(getStore().events, lastEventId, request.signal);
  return new Response(toEventResponseStream(events), {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    },
  });
}
