import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM launcher module without type declarations
import { allowedHostNames, CONTENT_SECURITY_POLICY } from '../../bin/guard.mjs';
import { startServer, type StartedServer } from '../support/start-server';
import { copyFixture, sqliteFixture } from './support/fixture-copies';
import { get, openEventStream, type HttpReply } from './support/http';

const allowedHosts = allowedHostNames as (options: { host: string; exposed: boolean; allowedHosts?: string[] }, interfaces?: NodeJS.Dict<os.NetworkInterfaceInfo[]>, hostname?: string) => Set<string>;

/** Addresses of this machine that are not loopback: the default server must not answer on them. */
function otherInterfaceAddresses(): { address: string; family: string }[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((info): info is os.NetworkInterfaceInfo => Boolean(info) && !info!.internal && !(info!.family === 'IPv6' && info!.address.startsWith('fe80')))
    .map((info) => ({ address: info.address, family: info.family }));
}

function connectOutcome(host: string, port: number): Promise<'connected' | string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 3_000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('timeout');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const EXPECTED_HEADERS: Record<string, string | RegExp> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'content-security-policy': CONTENT_SECURITY_POLICY as string,
};

function expectSecurityHeaders(what: string, reply: HttpReply): void {
  for (const [name, value] of Object.entries(EXPECTED_HEADERS)) expect(reply.headers[name], `${name} on ${what}`).toEqual(value);
  expect(reply.headers['access-control-allow-origin'], `CORS on ${what}`).toBeUndefined();
}

describe('network exposure: default launch', () => {
  let server: StartedServer;
  beforeAll(async () => {
    server = await startServer({ opencodeDir: copyFixture(sqliteFixture(), 'opencode') });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('listens on 127.0.0.1 only, and prints no token', async () => {
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    expect(server.output()).not.toMatch(/token|WARNING/i);
    expect((await get(`${server.url}/api/health`)).status).toBe(200);
    const others = otherInterfaceAddresses();
    if (others.length === 0) {
      console.warn('network.test: no non-loopback interface on this machine; skipping the "refused elsewhere" check');
      return;
    }
    for (const { address } of others) expect(await connectOutcome(address, server.port), address).toBe('ECONNREFUSED');
  });

  it('answers 421 to a Host header that is not loopback (DNS rebinding)', async () => {
    for (const host of ['evil.example', `evil.example:${server.port}`, '127.0.0.1.evil.example', `localhost.evil.example:${server.port}`, '[::1].evil.example']) {
      for (const p of ['/', '/api/health', '/api/sessions']) {
        const reply = await get(`${server.url}${p}`, { host });
        expect(reply.status, `Host "${host}" ${p}`).toBe(421);
        expectSecurityHeaders(`421 ${p}`, reply);
      }
    }
    expect((await get(`${server.url}/api/health`, { host: `localhost:${server.port}` })).status).toBe(200);
  });

  it('answers 403 to cross-origin and cross-site API requests, including the event stream', async () => {
    for (const p of ['/api/health', '/api/sessions', '/api/stats?format=csv', '/api/events']) {
      for (const headers of <Record<string, string>[]>[{ origin: 'http://evil.example' }, { origin: 'null' }, { origin: `http://localhost:${server.port + 1}` }, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }]) {
        const reply = await get(`${server.url}${p}`, headers, { timeoutMs: 5_000 });
        expect(reply.status, `${p} ${JSON.stringify(headers)}`).toBe(403);
        expectSecurityHeaders(`403 ${p}`, reply);
      }
    }
    expect((await get(`${server.url}/api/health`, { origin: server.url, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it('sends the security headers, and never an Access-Control-Allow-Origin header, on pages, API and assets', async () => {
    const home = await get(`${server.url}/`);
    const asset = /\/_next\/static\/[^"']+\.js/.exec(home.body)?.[0];
    expect(asset).toBeDefined();
    const replies: [string, HttpReply][] = [['/', home]];
    // Next's own redirects ('//api/x', a trailing slash) and 404s too.
    for (const p of ['/favicon.ico', '//api/health', '/sessions/', '/api/health/', '/sessions', '/diagnostics', '/no-such-page', '/api/health', '/api/sessions', '/api/projects', '/api/stats?format=csv', '/api/plans', '/api/sessions/ses_missing', '/api/sessions/bad%2Fid', asset ?? '/']) {
      replies.push([p, await get(`${server.url}${p}`, { origin: server.url })]);
    }
    for (const [p, reply] of replies) {
      expect(reply.status, p).toBeLessThan(500);
      expectSecurityHeaders(p, reply);
    }
    // A browser that asks before the page names its icon gets it, not a 404 in its console.
    const icon = replies.find(([p]) => p === '/favicon.ico')![1];
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toBe('image/svg+xml');
    expect(icon.body).toContain('<svg');
    const stream = openEventStream(`${server.url}/api/events`);
    expect(await stream.opened).toBe(200);
    stream.close();
    expectSecurityHeaders('/api/events', { status: 200, headers: stream.headers(), body: '', ms: 0 });
  });

  it("sends them on Node's own answer to a request it cannot parse", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port: server.port }, () => socket.write('GET /\u0000 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    const headers = Object.fromEntries(raw.split('\r\n\r\n')[0]!.split('\r\n').slice(1).map((line) => [line.split(':')[0]!.toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    expectSecurityHeaders('a 400 from Node', { status: 400, headers, body: '', ms: 0 });
  });
});

describe('network exposure: --host 0.0.0.0', () => {
  let server: StartedServer;
  let token = '';
  beforeAll(async () => {
    server = await startServer({ opencodeDir: copyFixture(sqliteFixture(), 'opencode') }, ['--host', '0.0.0.0']);
    // The token line follows the ready line.
    for (let i = 0; i < 50 && !token; i++) {
      token = /access token \(shown once\): (\S+)/.exec(server.output())?.[1] ?? '';
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('warns and prints a token', () => {
    expect(server.output()).toMatch(/WARNING: listening on 0\.0\.0\.0, not loopback/);
    expect(token.length).toBeGreaterThanOrEqual(32);
  });

  it('answers 401 without the token, and passes with ?token=, the cookie it sets, or a bearer header', async () => {
    const url = `http://127.0.0.1:${server.port}`;
    for (const p of ['/', '/api/health', '/api/sessions', '/api/events']) {
      const reply = await get(`${url}${p}`, {}, { timeoutMs: 5_000 });
      expect(reply.status, p).toBe(401);
      expectSecurityHeaders(`401 ${p}`, reply);
      expect((await get(`${url}${p}?token=wrong${token.slice(5)}`, {}, { timeoutMs: 5_000 })).status).toBe(401);
      expect((await get(`${url}${p}`, { cookie: `sessionscope_token_${server.port}=${token}` }, { timeoutMs: 5_000 })).status).toBe(401);
    }
    // Accepted: a cookie for this port only, and a redirect to the same URL without the token.
    const withQuery = await get(`${url}/sessions?source=pi&token=${token}&q=a`);
    expect(withQuery.status).toBe(303);
    expect(withQuery.headers.location).toBe('/sessions?source=pi&q=a');
    expectSecurityHeaders('the token redirect', withQuery);
    const cookie = String(withQuery.headers['set-cookie']?.[0] ?? '');
    expect(cookie).toMatch(new RegExp(`^sessionscope_token_${server.port}=[0-9a-f]{64};.*HttpOnly`));
    expect(cookie).toMatch(/SameSite=Strict/);
    expect(cookie).not.toContain(token);
    const pair = cookie.split(';')[0] ?? '';
    // The same cookie value under another port's name is no key here.
    expect((await get(`${url}/api/sessions`, { cookie: pair.replace(`_${server.port}=`, `_${server.port + 1}=`) })).status).toBe(401);
    expect((await get(`${url}/api/sessions`, { cookie: pair })).status).toBe(200);
    expect((await get(`${url}/`, { cookie: `other=1; ${pair}` })).status).toBe(200);
    expect((await get(`${url}/api/projects`, { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it('still checks Host and Origin when the token is right', async () => {
    const url = `http://127.0.0.1:${server.port}`;
    expect((await get(`${url}/api/health`, { host: 'evil.example', authorization: `Bearer ${token}` })).status).toBe(421);
    expect((await get(`${url}/api/health`, { origin: 'http://evil.example', authorization: `Bearer ${token}` })).status).toBe(403);
  });

  it('accepts the machine\'s own addresses as Host', async () => {
    const others = otherInterfaceAddresses().filter((a) => a.family === 'IPv4');
    if (others.length === 0) return console.warn('network.test: no non-loopback IPv4 interface; skipping');
    const address = others[0]?.address ?? '';
    const reply = await get(`http://${address}:${server.port}/api/health`, { authorization: `Bearer ${token}` });
    expect(reply.status).toBe(200);
  });
});

describe('allowed Host names', () => {
  const interfaces = { eth0: [{ address: '192.0.2.7', family: 'IPv4' }, { address: 'fd00::7', family: 'IPv6' }] } as unknown as NodeJS.Dict<os.NetworkInterfaceInfo[]>;
  it('loopback: the loopback names and the configured address only', () => {
    expect([...allowedHosts({ host: '127.0.0.1', exposed: false }, interfaces, 'box')].sort()).toEqual(['127.0.0.1', '[::1]', 'localhost']);
    expect(allowedHosts({ host: '127.0.0.2', exposed: false }, interfaces, 'box').has('127.0.0.2')).toBe(true);
  });
  it('a wildcard address: also this machine\'s addresses and name', () => {
    const names = allowedHosts({ host: '0.0.0.0', exposed: true }, interfaces, 'Box');
    for (const name of ['127.0.0.1', 'localhost', '192.0.2.7', '[fd00::7]', 'box', '0.0.0.0']) expect(names.has(name), name).toBe(true);
    expect(names.has('evil.example')).toBe(false);
  });
  it('a specific address: that address, plus SESSIONSCOPE_ALLOWED_HOSTS', () => {
    expect([...allowedHosts({ host: '192.0.2.7', exposed: true, allowedHosts: ['Dash.LAN'] }, interfaces, 'box')].sort()).toEqual(['192.0.2.7', 'dash.lan']);
  });
});
