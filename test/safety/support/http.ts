import http from 'node:http';

export interface HttpReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  ms: number;
}

/**
 * A GET with exactly the headers given (fetch forbids setting Host and friends). `connectTo` sends
 * the request to another address than the URL's host, keeping the URL's Host header.
 */
export function get(url: string, headers: Record<string, string> = {}, options: { connectTo?: string; timeoutMs?: number } = {}): Promise<HttpReply> {
  const target = new URL(url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: options.connectTo ?? target.hostname, port: target.port, path: `${target.pathname}${target.search}`, method: 'GET', headers: { host: target.host, ...headers }, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), ms: Date.now() - started }));
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 30_000, () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const reply = await get(url, headers);
  if (reply.status !== 200) throw new Error(`GET ${url} -> ${reply.status}: ${reply.body.slice(0, 300)}`);
  return JSON.parse(reply.body) as T;
}

export interface SseEvent {
  id?: number;
  event: string;
  data: string;
}

/** Parses a Server-Sent Events byte stream as it arrives. */
export function sseParser(onEvent: (event: SseEvent) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event: SseEvent = { event: 'message', data: '' };
      let any = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') event.id = Number(value);
        else if (field === 'event') event.event = value;
        else if (field === 'data') event.data += value;
        else continue;
        any = true;
      }
      if (any) onEvent(event);
    }
  };
}

/** Opens `/api/events` and collects events until `close()`. */
export function openEventStream(url: string, headers: Record<string, string> = {}): { events: SseEvent[]; opened: Promise<number>; headers(): http.IncomingHttpHeaders; close(): void; request: http.ClientRequest } {
  const events: SseEvent[] = [];
  let responseHeaders: http.IncomingHttpHeaders = {};
  const target = new URL(url);
  let resolveOpened: (status: number) => void = () => undefined;
  const opened = new Promise<number>((resolve) => (resolveOpened = resolve));
  const request = http.get({ host: target.hostname, port: target.port, path: `${target.pathname}${target.search}`, headers: { accept: 'text/event-stream', ...headers }, agent: false }, (res) => {
    responseHeaders = res.headers;
    resolveOpened(res.statusCode ?? 0);
    res.setEncoding('utf8');
    res.on('data', sseParser((event) => events.push(event)));
    res.on('error', () => undefined);
  });
  request.on('error', () => resolveOpened(0));
  return { events, opened, headers: () => responseHeaders, close: () => request.destroy(), request };
}
