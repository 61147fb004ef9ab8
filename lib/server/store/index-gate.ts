import 'server-only';
import { existsSync } from 'node:fs';

/**
 * Test hook: with `SESSIONSCOPE_TEST_INDEX_GATE=<path>` the first read holds after the session
 * list, before any message, until that file exists, so browser tests can look at the indexing
 * state for as long as they need. Unset (always, outside tests) it costs nothing.
 */
export async function indexGate(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const gate = env.SESSIONSCOPE_TEST_INDEX_GATE;
  if (!gate) return;
  while (!existsSync(gate)) await new Promise((resolve) => setTimeout(resolve, 100));
}
