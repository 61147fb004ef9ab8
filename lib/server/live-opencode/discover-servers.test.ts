// Issue 28, item 5: any local process on OpenCode's default port was followed by discovery,
// including another user's. Only this user's OpenCode processes are.
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_OPENCODE_PORT, discoverServers } from './discover-servers';

let server: http.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** Listens where OpenCode would, answering like it; undefined if the port is taken on this machine. */
function poseAsOpencode(port: number): Promise<http.Server | undefined> {
  const s = http.createServer((req, res) => {
    const body = req.url?.startsWith('/global/health') ? { healthy: true, version: '1.18.33' } : { directory: '/tmp/x', state: '/tmp/s' };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return new Promise((resolve) => {
    s.once('error', () => resolve(undefined));
    s.listen(port, '127.0.0.1', () => resolve(s));
  });
}

describe('discovery', () => {
  it.skipIf(process.platform !== 'linux')('does not follow a process that is not OpenCode on the default port, however it answers', async (context) => {
    server = await poseAsOpencode(DEFAULT_OPENCODE_PORT);
    if (!server) return context.skip();
    const found = await discoverServers(new AbortController().signal);
    expect(found).not.toContain(`http://127.0.0.1:${DEFAULT_OPENCODE_PORT}`);
  });
});
