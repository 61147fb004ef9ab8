import 'server-only';
import type { EventLog, StoreEvent } from '../store/store-events';

export interface EventStreamOptions {
  keepAliveMs?: number;
  /** Events buffered for one slow client before it is told to refetch everything. */
  maxBuffered?: number;
}

const encodeEvent = (event: StoreEvent): string => `id: ${event.id}\nevent: change\ndata: ${JSON.stringify({ sessions: event.sessions, topics: event.topics, at: event.at })}\n\n`;
const resync = (id: number): string => `id: ${id}\nevent: resync\ndata: {}\n\n`;

/**
 * Server-Sent Events for one client: replays what it missed (Last-Event-ID), then live events,
 * keep-alive comments, and a `resync` when it fell too far behind. Ends when `signal` aborts.
 */
export async function* streamEvents(log: EventLog, lastEventId: number | undefined, signal: AbortSignal, options: EventStreamOptions = {}): AsyncGenerator<string> {
  const keepAliveMs = options.keepAliveMs ?? 15_000;
  const maxBuffered = options.maxBuffered ?? 500;
  const queue: StoreEvent[] = [];
  let overflowed = false;
  let wake: (() => void) | undefined;
  const unsubscribe = log.subscribe((event) => {
    if (queue.length >= maxBuffered) {
      overflowed = true;
      queue.length = 0;
    } else queue.push(event);
    wake?.();
  });
  const onAbort = (): void => wake?.();
  signal.addEventListener('abort', onAbort);
  try {
    yield `retry: 2000\nid: ${log.lastId}\nevent: hello\ndata: ${JSON.stringify({ lastId: log.lastId })}\n\n`;
    if (lastEventId !== undefined) {
      const missed = log.since(lastEventId);
      if (missed === undefined) yield resync(log.lastId);
      else for (const event of missed) yield encodeEvent(event);
    }
    while (!signal.aborted) {
      if (overflowed) {
        overflowed = false;
        // The refetch covers everything up to lastId: events queued since the overflow would go backwards.
        queue.length = 0;
        yield resync(log.lastId);
        continue;
      }
      const next = queue.shift();
      if (next) {
        yield encodeEvent(next);
        continue;
      }
      const timedOut = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(true), keepAliveMs);
        wake = () => {
          clearTimeout(timer);
          resolve(false);
        };
      });
      wake = undefined;
      if (timedOut && !signal.aborted) yield ': keep-alive\n\n';
    }
  } finally {
    unsubscribe();
    signal.removeEventListener('abort', onAbort);
  }
}

/** Wraps the generator in a byte stream that pulls only as fast as the client reads. */
export function toEventResponseStream(events: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await events.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await events.return(undefined);
    },
  });
}
