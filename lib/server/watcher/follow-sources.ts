import 'server-only';
import type { Store } from '../store/store';
import type { FileWatcher } from './file-watcher';
import { changedPaths, MAX_SIGNED_PATHS, pathSignatures } from './path-signature';

/** How often the closely watched folders are re-decided when nothing changes (sessions going quiet). */
const LIVE_TARGETS_REFRESH_MS = 60_000;
/** After a change, when the source is asked once more whether it changed since it was read. */
const SETTLE_CHECK_MS = 300;
/**
 * How often each source is asked whether it appeared or went (its folder moved away and back,
 * deleted and restored: the watch of a removed folder never sees it return), and, where it can
 * tell, whether it changed without a file event.
 */
export const PRESENCE_CHECK_MS = 2_000;

/**
 * Routes every source's files to the store: what a reader watches always, the folders of the
 * sessions being written (re-decided after every change and as sessions go quiet), and catch-up
 * reads of folders that start being watched.
 */
export function followSources(store: Store, watcher: FileWatcher, onError: (error: unknown) => void): () => void {
  const stops: (() => void)[] = [];
  for (const index of store.indexes) {
    const { reader } = index;
    // A write whose file event was lost (chokidar drops events that come within a few ms of
    // another; a write can land after the read its first event woke) is read at the settle check
    // instead of never: every path read is signed (size, time) before its read and checked once
    // more when changes settle; a source with its own test (SQLite: database and log) adds it.
    let settle: NodeJS.Timeout | undefined;
    const pending = new Map<string, string>();
    let lastPaths: string[] = [];
    const settleCheck = (): void => {
      clearTimeout(settle);
      settle = setTimeout(() => {
        const signed = new Map(pending);
        pending.clear();
        void changedPaths(signed)
          .then((changed) => {
            const again = reader.changedSinceRead?.() ? [...new Set([...lastPaths, ...changed])] : changed;
            if (again.length > 0) absorb(true)(again);
          })
          .catch(onError);
      }, SETTLE_CHECK_MS);
      settle.unref();
    };
    stops.push(() => clearTimeout(settle));
    const absorb = (seenNow: boolean) => (paths: string[]) =>
      void (paths.length <= MAX_SIGNED_PATHS ? pathSignatures(paths) : Promise.resolve(new Map<string, string>()))
        .then(async (before) => {
          await store.absorb(index, paths, seenNow);
          lastPaths = paths;
          for (const [p, sign] of before) pending.set(p, sign);
          if (pending.size > 0 || reader.changedSinceRead) settleCheck();
        })
        .catch(onError);
    const route = watcher.route(reader.watchTargets(), absorb(true), { shallow: reader.shallowTargets?.(), byName: reader.nameTargets?.(), onCatchUp: absorb(false) });
    let present = reader.found();
    const presence = setInterval(() => {
      const now = reader.found();
      if (now !== present) {
        present = now;
        watcher.refresh?.();
        void store.reread(index).catch(onError);
      } else if (reader.changedSinceRead?.()) absorb(true)(reader.watchTargets());
    }, PRESENCE_CHECK_MS);
    presence.unref();
    stops.push(() => clearInterval(presence));
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
