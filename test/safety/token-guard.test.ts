// Issue 28, item 13: the launcher's guard in token mode. `/.//evil.example/x?token=<valid>`
// answered `303 Location: //evil.example/x` (an open redirect); a bad cookie of the same name sent
// first (set from another port of the host) gave 401; an absolute-form target (`GET http://evil.com/`)
// reached Next, which redirected to its host; an unsatisfiable Range on /_next/static gave 500.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM launcher module without type declarations
import { guardRequest as untypedGuard, tokenCookie as untypedCookie } from '../../bin/guard.mjs';

const guardRequest = untypedGuard as (options: { host: string; exposed: boolean; token?: string; allowedHosts: string[] }) => (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
const tokenCookie = untypedCookie as (token: string, port: number) => { name: string; value: string };

const TOKEN = 'a-token-of-test';
let server: http.Server;
let port: number;
/** The Range header of the last request the guard let through (what Next would have seen). */
let passedRange: string | undefined;

beforeAll(async () => {
  const guard = guardRequest({ host: '0.0.0.0', exposed: true, token: TOKEN, allowedHosts: [] });
  server = http.createServer((req, res) => {
    if (!guard(req, res)) return;
    passedRange = req.headers.range;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('passed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One raw request (the target exactly as written); its status line and headers. */
function raw(target: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      resolve({ status: Number(statusLine.split(' ')[1]), headers: Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()])) });
    });
    const all = { Host: `127.0.0.1:${port}`, Connection: 'close', ...headers };
    socket.write(`GET ${target} HTTP/1.1\r\n${Object.entries(all).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n`);
  });
}

describe('the token guard', () => {
  it.each(['/.//evil.example/x', '//evil.example/x', '/\\evil.example/x', '/./\\/evil.example/x'])('redirects an accepted %s?token= to a path of this server, never another host', async (path) => {
    const answer = await raw(`${path}?token=${TOKEN}`);
    expect(answer.status).toBe(303);
    expect(answer.headers.location).toMatch(/^\/(?![/\\])/);
  });

  it('accepts the right cookie when a wrong one of the same name comes first', async () => {
    const { name, value } = tokenCookie(TOKEN, port);
    expect((await raw('/', { Cookie: `${name}=tossed; ${name}=${value}` })).status).toBe(200);
    expect((await raw('/', { Cookie: `${name}=tossed` })).status).toBe(401);
  });

  it('refuses an absolute-form request target, with the token too', async () => {
    const { name, value } = tokenCookie(TOKEN, port);
    expect((await raw('http://evil.com/', { Cookie: `${name}=${value}` })).status).toBe(400);
  });

  it('passes no Range header on (an unsatisfiable one made Next answer 500)', async () => {
    const { name, value } = tokenCookie(TOKEN, port);
    expect((await raw('/_next/static/chunks/x.js', { Cookie: `${name}=${value}`, Range: 'bytes=999999999-' })).status).toBe(200);
    expect(passedRange).toBeUndefined();
  });
});
