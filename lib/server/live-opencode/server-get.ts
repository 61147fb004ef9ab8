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

/** A JSON answer, or undefined when the server is not there or answers something else. */
export async function serverGetJson(origin: string, path: string, signal: AbortSignal, timeoutMs = 2_000): Promise<unknown> {
  try {
    const response = await serverGet(origin, path, signal, timeoutMs);
    if (!response.ok) {
      await response.body?.cancel();
      return undefined;
    }
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** The `data:` payloads of a Server-Sent Events body, as they arrive. */
export async function* sseData(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(line.startsWith('data: ') ? 6 : 5))
          .join('\n');
        if (data) yield data;
      }
      // A runaway event without a blank line must not grow without end.
      if (buffer.length > 8_000_000) buffer = '';
    }
  } finally {
    reader.releaseLock();
  }
}
