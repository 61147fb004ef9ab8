import 'server-only';

/** Bursts of file events are coalesced: the first event waits `quietMs`, never more than `maxWaitMs`. */
export function debouncePaths(flush: (paths: string[]) => void, quietMs = 20, maxWaitMs = 80): { add(path: string): void; cancel(): void } {
  let pending = new Set<string>();
  let quietTimer: NodeJS.Timeout | undefined;
  let firstAt = 0;
  const fire = (): void => {
    if (quietTimer) clearTimeout(quietTimer);
    quietTimer = undefined;
    const paths = [...pending];
    pending = new Set();
    if (paths.length > 0) flush(paths);
  };
  return {
    add(path: string): void {
      if (pending.size === 0) firstAt = Date.now();
      pending.add(path);
      if (quietTimer) clearTimeout(quietTimer);
      const waited = Date.now() - firstAt;
      quietTimer = setTimeout(fire, Math.max(0, Math.min(quietMs, maxWaitMs - waited)));
    },
    cancel(): void {
      if (quietTimer) clearTimeout(quietTimer);
      pending.clear();
    },
  };
}
