import 'server-only';
import type { Store } from '../store/store';
import type { FileWatcher } from './file-watcher';

/** How often the closely watched folders are re-decided when nothing changes (sessions going quiet). */
const LIVE_TARGETS_REFRESH_MS = 60_000;
/** After a change, when the source is asked once more whether it changed since it was read. */
const SETTLE_CHECK_MS = 300;

/**
 * Routes every source's files to the store: what a reader watches always, the folders of the
 * sessions being written (re-decided after every change and as sessions go quiet), and catch-up
 * reads of folders that start being watched.
 */
export function followSources(store: Store, watcher: FileWatcher, onError: (error: unknown) => void): () => void {
  const stops: (() => void)[] = [];
  for (const index of store.indexes) {
    const { reader } = index;
    // A write whose file event was lost is read at the settle check instead of never.
    let settle: NodeJS.Timeout | undefined;
    const settleCheck = (paths: string[]): void => {
      if (!reader.changedSinceRead) return;
      clearTimeout(settle);
      settle = setTimeout(() => {
        if (reader.changedSinceRead?.()) absorb(true)(paths);
      }, SETTLE_CHECK_MS);
      settle.unref();
    };
    stops.push(() => clearTimeout(settle));
    const absorb = (seenNow: boolean) => (paths: string[]) =>
      void store
        .absorb(index, paths, seenNow)
        .then(() => settleCheck(paths))
        .catch(onError);
    const route = watcher.route(reader.watchTargets(), absorb(true), { shallow: reader.shallowTargets?.(), onCatchUp: absorb(false) });
    const liveTargets = reader.liveTargets?.bind(reader);
    if (!liveTargets) continue;
    const follow = (): void => route.setLive(liveTargets(index.liveSessions()));
    stops.push(store.events.subscribe(follow));
    const timer = setInterval(follow, LIVE_TARGETS_REFRESH_MS);
    timer.unref();
    stops.push(() => clearInterval(timer));
    follow();
  }
  return () => stops.forEach((stop) => stop());
}
