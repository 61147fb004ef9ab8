/** How many rounds the live tests run (`LIVE_REPEAT=20 npx vitest run test/live/...`); CI runs one. */
export const LIVE_REPEAT = Math.max(1, Number.parseInt(process.env.LIVE_REPEAT ?? '1', 10) || 1);

/** The rounds, numbered from 1, for `it.each` / loops. */
export function rounds(): number[] {
  return Array.from({ length: LIVE_REPEAT }, (_, i) => i + 1);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns something truthy, or throws with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 30_000, everyMs = 100): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await sleep(everyMs);
  }
}
