// Starts the built dashboard for browser tests. The build (`next build` into `.next-test`, reused while
// its BUILD_ID is newer than every source file) and the spawn of `bin/sessionscope.mjs --port 0`
// live in start-server.ts; this adds waiting for the first index, so pages show every session.
import { startServer, type ServerDirs } from './start-server';

export interface Dashboard {
  /** `http://127.0.0.1:<port>` without a trailing slash. */
  url: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

async function waitForIndex(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const health = (await (await fetch(`${url}/api/health`)).json()) as { index?: { phase?: string } };
      if (health.index?.phase === 'ready') return;
    } catch {
      // Not answering yet.
    }
    if (Date.now() > deadline) throw new Error(`${url}: the index was not ready within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export async function startDashboard(dirs: ServerDirs): Promise<Dashboard> {
  const server = await startServer(dirs);
  try {
    await waitForIndex(server.url);
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n${server.output()}`);
  }
  return { url: server.url, output: server.output, stop: server.stop };
}
