import { median, quantile, sleep } from './figures';
import type { PartWriter } from './part-writers';
import { changeFor, SseClient } from './sse-client';

export interface LiveResult {
  latencies: number[];
  timeouts: number;
  median: number;
  p99: number;
  /** Event received -> /api/sessions answered again (what an open page does next). */
  refetch: number[];
  /** From the call until a probe write was first seen: how long the watcher needed to be live. */
  watcherLiveMs: number;
}

const EVENT_TIMEOUT_MS = 3_000;

/**
 * Write landed -> SSE `change` naming the session received. One write at a time, with a pause
 * between writes so each is its own burst for the debouncer. Bounded by `count` and `budgetMs`.
 */
export async function measureLive(baseUrl: string, writer: PartWriter, count: number, options: { budgetMs?: number; refetch?: boolean } = {}): Promise<LiveResult> {
  const client = await SseClient.connect(`${baseUrl}/api/events`);
  const latencies: number[] = [];
  const refetch: number[] = [];
  let timeouts = 0;
  let watcherLiveMs = Number.NaN;
  const deadline = performance.now() + (options.budgetMs ?? 120_000);
  try {
    // Open a message in each target session first, as an agent does before writing its parts
    // (in the JSON tree, a new message's folder is what makes an old session live again).
    const opened = writer.begin();
    // The watcher needs a while after "ready on" (its first scan): probe until a write is seen.
    const probing = performance.now();
    for (let seen = false, i = 0; !seen && i < 600; i++) {
      const before = client.lastId;
      seen = Boolean(await client.next(changeFor(writer.probe().sessionID, before), 250));
    }
    watcherLiveMs = performance.now() - probing;
    // Warm-up: let the events of the opened messages pass.
    for (let i = 0; i < 20 && opened.length > 0; i++) {
      const event = await client.next((e) => e.event === 'change', 250);
      if (!event) continue;
      const named = (JSON.parse(event.data) as { sessions: string[] }).sessions;
      for (let j = opened.length - 1; j >= 0; j--) if (named.includes((opened[j] as { sessionID: string }).sessionID)) opened.splice(j, 1);
    }
    await sleep(300);
    for (let i = 0; i < count && performance.now() < deadline; i++) {
      const before = client.lastId;
      const { sessionID } = writer.write(i);
      const landed = performance.now();
      const event = await client.next(changeFor(sessionID, before), EVENT_TIMEOUT_MS);
      if (!event) {
        timeouts++;
        latencies.push(EVENT_TIMEOUT_MS);
      } else {
        latencies.push(event.at - landed);
        if (options.refetch) {
          const started = performance.now();
          const response = await fetch(`${baseUrl}/api/sessions?limit=50`);
          await response.arrayBuffer();
          refetch.push(performance.now() - started);
        }
      }
      await sleep(60 + (i % 5) * 10);
    }
  } finally {
    client.close();
  }
  return { latencies, timeouts, median: median(latencies), p99: quantile(latencies, 0.99), refetch, watcherLiveMs };
}
