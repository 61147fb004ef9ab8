// Request checks that run before Next sees a request: Host header (DNS rebinding), cross-origin
// API calls, and the access token when the dashboard listens beyond loopback.
import { createHash, timingSafeEqual } from 'node:crypto';
import os from 'node:os';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/**
 * Next's App Router streams inline <script> tags (hydration data), so `script-src` needs
 * 'unsafe-inline' unless every page is rendered dynamically with a per-request nonce (SECURITY.md).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Sent on every response: set by the launcher before Next or the guard answer (Next's own redirects,
 * 404s and errors included), by next.config.mjs `headers()` too, and on Node's own 400s (`clientError`).
 */
export const SECURITY_HEADERS = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'no-referrer'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

const bracketed = (host) => (host.includes(':') && !host.startsWith('[') ? `[${host}]` : host);

/** The name part of a Host header (`[::1]` stays bracketed); '' when it is not `name[:port]`. */
function hostName(hostHeader) {
  const match = /^(\[[0-9a-f:.]+\]|[^:[\]]+)(?::\d{1,5})?$/.exec((hostHeader ?? '').toLowerCase());
  return match?.[1] ?? '';
}

/**
 * Host names a legitimate browser may send. Loopback: the loopback names. A wildcard address
 * (0.0.0.0, ::): also this machine's interface addresses and host name. Plus SESSIONSCOPE_ALLOWED_HOSTS.
 */
export function allowedHostNames(options, interfaces = os.networkInterfaces(), hostname = os.hostname()) {
  const configured = bracketed(options.host.toLowerCase());
  const names = new Set([configured, ...(options.allowedHosts ?? []).map((h) => bracketed(h.toLowerCase()))]);
  if (!options.exposed || WILDCARD_HOSTS.has(configured)) for (const name of LOOPBACK_NAMES) names.add(name);
  if (WILDCARD_HOSTS.has(configured)) {
    names.add(hostname.toLowerCase());
    for (const list of Object.values(interfaces)) for (const info of list ?? []) names.add(bracketed(info.address.toLowerCase()));
  }
  return names;
}

function sameToken(given, expected) {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function deny(res, status, message) {
  res.writeHead(status, { ...Object.fromEntries(SECURITY_HEADERS), 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error: message }));
  return false;
}

/**
 * Browsers send a host's cookies to all its ports: each port gets its own cookie name, and the
 * cookie holds a hash of the token and port, not the token (a service on another port of the same
 * host that receives it learns nothing it could use as `?token=` or a bearer header).
 */
export function tokenCookie(token, port) {
  return { name: `sessionscope_token_${port}`, value: createHash('sha256').update(`${port}:${token}`).digest('hex') };
}

/**
 * The request's URL without `token`: where a browser is sent once the token was accepted. Always a
 * path on this server: `/.//evil.example/x` is normalised to `//evil.example/x`, which a browser
 * reads as another host, so leading slashes are folded into one.
 */
export function withoutToken(url) {
  url.searchParams.delete('token');
  return `/${url.pathname.replace(/^\/+/, '')}${url.search}`;
}

/** Every value of the cookie `name` (another port of the same host can set one of the same name first). */
function cookieValues(header, name) {
  const values = [];
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) values.push(pair.slice(at + 1).trim());
  }
  return values;
}

function originHost(origin) {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return '';
  }
}

export function guardRequest(options) {
  const allowedHosts = allowedHostNames(options);
  return (req, res) => {
    const host = hostName(req.headers.host);
    if (!allowedHosts.has(host)) return deny(res, 421, `unexpected Host header "${req.headers.host ?? ''}"`);
    // Only origin-form targets (`/path`): an absolute-form one (`GET http://evil.com/`) made Next redirect to its host.
    if (!(req.url ?? '/').startsWith('/')) return deny(res, 400, 'request target must be a path');
    // Nothing here needs ranges, and an unsatisfiable one on /_next/static answered 500: the whole file is sent instead.
    delete req.headers.range;
    delete req.headers['if-range'];
    const url = new URL(req.url ?? '/', 'http://placeholder');
    // Next answers a malformed escape (`%E0%A4%A`) with a 500 and a logged stack: refuse it here.
    try {
      decodeURIComponent(url.pathname);
    } catch {
      return deny(res, 400, 'malformed URL');
    }
    if (url.pathname.startsWith('/api/')) {
      const origin = req.headers.origin;
      if (origin && originHost(origin) !== (req.headers.host ?? '').toLowerCase()) return deny(res, 403, 'cross-origin requests are not allowed');
      // Requests a page on another site makes without CORS (no Origin header) still say where they come from.
      const site = req.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') return deny(res, 403, 'cross-site requests are not allowed');
    }
    if (options.token) {
      const expected = tokenCookie(options.token, req.socket.localPort);
      // Any cookie of that name may be the right one: a wrong one sent first (set from another port) must not lock the user out.
      const cookies = cookieValues(req.headers.cookie, expected.name);
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const query = url.searchParams.get('token');
      if (query && sameToken(query, options.token)) {
        // Set the cookie and take the token out of the address bar and history.
        res.writeHead(303, {
          ...Object.fromEntries(SECURITY_HEADERS),
          'Set-Cookie': `${expected.name}=${expected.value}; HttpOnly; SameSite=Strict; Path=/`,
          Location: withoutToken(url),
          'Cache-Control': 'no-store',
        });
        res.end();
        return false;
      }
      if (!cookies.some((cookie) => sameToken(cookie, expected.value)) && !sameToken(bearer, options.token)) {
        return deny(res, 401, 'access token required (printed when the server started)');
      }
    }
    return true;
  };
}
