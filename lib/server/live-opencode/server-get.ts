import 'server-only';
import { isLoopbackHost } from './loopback-url';

/**
 * The only way Sessionscope talks to an OpenCode server: a GET to a loopback address. It never
 * answers a permission, never prompts, never sends a body.
 */
export async function serverGet(origin: string, path: string, signal: AbortSignal, timeoutMs?: number): Promise<Response> {
  const url = new URL(path, origin);
  if (!isLoopbackHost(url.hostname)) throw new Error(`not a loopback address: ${url.hostname}`);
  const signals = timeoutMs === undefined ? [signal] : [signal, AbortSignal.timeout(timeoutMs)];
  return fetch(url, { method: 'GET', signal: AbortSignal.any(signals), redirect: 'error', headers: { accept: path.includes('event') ? 'text/event-stream' : 'application/json' } });
}

/** A JSON answer's size at most: OpenCode's statuses and approvals are a few KB; a 1 GB answer is read no further. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;
/** One event's size at most (a part's full text comes in one); a longer one is dropped unread. */
export const MAX_EVENT_CHARS = 4_000_000;

/** A JSON answer, or undefined when the server is not there, answers something else, or more than `maxBytes`. */
export async function serverGetJson(origin: string, path: string, signal: AbortSignal, timeoutMs = 2_000, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  try {
    const response = await serverGet(origin, path, signal, timeoutMs);
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return undefined;
    }
    const text = await readCapped(response.body, maxBytes);
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** A body as text, or undefined (and the connection dropped) once it passes `maxBytes`. */
async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The `data:` payloads of a Server-Sent Events body, as they arrive. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let skipping = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (skipping) {
          skipping = false;
          continue;
        }
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
          .join('\n');
        if (data) yield data;
      }
      // A runaway event without a blank line must not grow without end: it is skipped to its end.
      if (buffer.length > MAX_EVENT_CHARS) {
        buffer = '';
        skipping = true;
      }
    }
  } finally {
    reader.releaseLock();
  }
}
