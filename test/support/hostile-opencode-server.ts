// A loopback process posing as an OpenCode server (issue 28, item 1): it answers health and
// `/path` like OpenCode, then floods its event stream with approvals and streamed parts under new
// ids, answers `/permission` with 404 and `/session/status` with a huge body. Used by the tests
// (a bounded burst) and by `npm run bench -- --only hostile` (without end).
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface HostileOptions {
  /** Events sent on the stream before the closing marker; undefined: without end. */
  events?: number;
  /** Characters of each streamed part's text. */
  partChars: number;
  /** `/session/status`: this many statuses, or 'endless' (a body that never ends). */
  statuses: number | 'endless';
  /** Listen here (0, the default: any free port). */
  port?: number;
}

export interface HostileServer {
  url: string;
  /** Session of the closing marker (a streamed part, which no poll replaces): once seen, every event before it was taken in. */
  markerSession: string;
  /** Bytes written on the largest `/session/status` answer (the endless one: until the reader dropped it). */
  statusBytes(): number;
  /** `/session/status` answers begun. */
  statusAnswers(): number;
  eventsSent(): number;
  close(): Promise<void>;
}

export const HOSTILE_DIRECTORY = '/tmp/hostile-project';

export async function startHostileServer(options: HostileOptions): Promise<HostileServer> {
  const sockets = new Set<Socket>();
  const markerSession = 'ses_marker';
  let statusBytes = 0;
  let statusAnswers = 0;
  let sent = 0;
  const text = 'x'.repeat(options.partChars);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/global/health') return json(res, { healthy: true, version: '9.9.9' });
    if (url.pathname === '/path') return json(res, { directory: HOSTILE_DIRECTORY, state: '/tmp/state' });
    if (url.pathname === '/session/status') return statusAnswer(res);
    if (url.pathname === '/global/event') return stream(res);
    res.writeHead(404).end();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  function event(i: number): string {
    const n = Math.floor(i / 3);
    const payload =
      i % 3 === 0
        ? { type: 'permission.asked', properties: { id: `per_${n}`, sessionID: `ses_${n}`, permission: 'bash', patterns: [`rm -rf ${n}`] } }
        : i % 3 === 1
          ? { type: 'message.part.updated', properties: { part: { id: `prt_${n}`, messageID: 'msg_1', sessionID: 'ses_real', type: 'text', text } } }
          : { type: 'session.status', properties: { sessionID: `ses_s${n}`, status: { type: 'busy' } } };
    return `data: ${JSON.stringify({ directory: HOSTILE_DIRECTORY, payload })}\n\n`;
  }

  function stream(res: http.ServerResponse): void {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let i = 0;
    const pump = (): void => {
      while (!res.destroyed) {
        if (options.events !== undefined && i >= options.events) {
          res.write(`data: ${JSON.stringify({ directory: HOSTILE_DIRECTORY, payload: { type: 'message.part.updated', properties: { part: { id: 'prt_marker', messageID: 'msg_marker', sessionID: markerSession, type: 'text', text: 'end' } } } })}\n\n`);
          return;
        }
        sent++;
        if (!res.write(event(i++))) return void res.once('drain', pump);
      }
    };
    pump();
  }

  function statusAnswer(res: http.ServerResponse): void {
    res.writeHead(200, { 'content-type': 'application/json' });
    statusAnswers++;
    const count = options.statuses;
    if (count !== 'endless') {
      const body = `{${Array.from({ length: count }, (_, i) => `"ses_p${i}":{"type":"busy"}`).join(',')}}`;
      statusBytes = Math.max(statusBytes, Buffer.byteLength(body));
      return void res.end(body);
    }
    const chunk = `"ses_${'y'.repeat(60)}":{"type":"busy"},`.repeat(1_000);
    res.write('{');
    let written = 0;
    const pump = (): void => {
      while (!res.destroyed) {
        written += chunk.length;
        statusBytes = Math.max(statusBytes, written);
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    pump();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    markerSession,
    statusBytes: () => statusBytes,
    statusAnswers: () => statusAnswers,
    eventsSent: () => sent,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function json(res: http.ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}
