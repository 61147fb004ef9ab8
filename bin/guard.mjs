// Request checks that run before Next sees a request: Host header (DNS rebinding), cross-origin
// API calls, and the access token when the dashboard listens beyond loopback.
import { timingSafeEqual } from 'node:crypto';

const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

function hostName(hostHeader) {
  if (!hostHeader) return '';
  const h = hostHeader.toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0];
}

function sameToken(given, expected) {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function deny(res, status, message) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify({ error: message }));
  return false;
}

export function guardRequest(options) {
  const configured = options.host.toLowerCase();
  const allowedHosts = new Set(options.exposed ? [configured.includes(':') ? `[${configured}]` : configured] : LOOPBACK_NAMES);
  return (req, res) => {
    const host = hostName(req.headers.host);
    if (!allowedHosts.has(host)) return deny(res, 421, `unexpected Host header "${req.headers.host ?? ''}"`);
    const url = new URL(req.url ?? '/', 'http://placeholder');
    const origin = req.headers.origin;
    if (origin && url.pathname.startsWith('/api/')) {
      let originHost = '';
      try {
        originHost = new URL(origin).host.toLowerCase();
      } catch {
        originHost = '';
      }
      if (originHost !== (req.headers.host ?? '').toLowerCase()) return deny(res, 403, 'cross-origin requests are not allowed');
    }
    if (options.token) {
      const cookie = /(?:^|;\s*)sessionscope_token=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const query = url.searchParams.get('token');
      if (query && sameToken(query, options.token)) {
        res.setHeader('Set-Cookie', `sessionscope_token=${options.token}; HttpOnly; SameSite=Strict; Path=/`);
      } else if (!sameToken(cookie, options.token) && !sameToken(bearer, options.token)) {
        return deny(res, 401, 'access token required (printed when the server started)');
      }
    }
    return true;
  };
}
