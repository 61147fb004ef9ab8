import 'server-only';
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/** How often a missing folder is looked for, and a folder is listed when the system has no watches left. */
const RETRY_MS = 1_000;
const POLL_MS = 2_000;
const OUT_OF_WATCHES = new Set(['ENOSPC', 'EMFILE']);

export interface ShallowWatch {
  readonly mode: 'events' | 'polling';
  close(): void;
}

/**
 * Reports entries that appear directly in `folder` (OpenCode's `message/` and `part/` hold one
 * folder per session or message: 100k+ of them). Only names are watched, nothing inside them is
 * walked or stat'ed: one inotify watch, however big the folder. A folder that does not exist yet
 * is looked for every second; when it appears, what it already holds is reported.
 */
export interface ShallowOptions {
  /**
   * The folder holds files whose contents matter, not only their names: when the system has no
   * watches left, polling compares each entry's size and time and reports entries that went away.
   */
  files?: boolean;
  /** Report what the folder already holds when the watch starts (a folder that just appeared). */
  catchUp?: boolean;
}

export function watchShallow(folder: string, onEntry: (entry: string) => void, onError: (error: unknown) => void, options: ShallowOptions = {}): ShallowWatch {
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  let mode: ShallowWatch['mode'] = 'events';
  let closed = false;
  let known: Map<string, string> | undefined;

  const report = (name: string): void => onEntry(path.join(folder, name));
  const list = async (): Promise<string[] | undefined> => readdir(folder).catch(() => undefined);
  const later = (run: () => void, ms: number): void => {
    if (closed) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };

  const versionOf = async (name: string): Promise<string> => {
    if (!options.files) return '';
    const stat = await lstat(path.join(folder, name)).catch(() => undefined);
    return stat ? `${stat.size}:${stat.mtimeMs}` : 'gone';
  };
  const poll = async (): Promise<void> => {
    // A missing folder holds nothing yet: whatever appears in it later is new.
    const names = (await list()) ?? [];
    const versions = new Map<string, string>();
    for (const name of names) versions.set(name, await versionOf(name));
    if (closed) return;
    const previous = known;
    known = versions;
    if (previous) {
      for (const [name, version] of versions) if (previous.get(name) !== version) report(name);
      if (options.files) for (const name of previous.keys()) if (!versions.has(name)) report(name);
    }
    later(() => void poll(), POLL_MS);
  };

  const start = (catchUp: boolean): void => {
    if (closed) return;
    // Looked for first: Node never closes a watcher whose start failed, so an fs.watch tried on a
    // missing folder every second keeps a handle (and its error) for good, ~1 MB an hour per folder.
    if (!existsSync(folder)) {
      later(() => start(true), RETRY_MS);
      return;
    }
    try {
      watcher = watch(folder, { persistent: false }, (event, name) => {
        if (!name) return;
        // The folder itself went away (its data cleared): the watch is dead, look for it to come back.
        if (event === 'rename' && name.toString() === path.basename(folder) && !existsSync(folder)) {
          watcher?.close();
          watcher = undefined;
          later(() => start(true), RETRY_MS);
          return;
        }
        report(name.toString());
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (OUT_OF_WATCHES.has(code)) {
        mode = 'polling';
        onError(error);
        // A folder that just appeared: what it holds is new, so the first listing is compared with nothing.
        if (catchUp) known ??= new Map();
        void poll();
      } else later(() => start(true), RETRY_MS);
      return;
    }
    watcher.on('error', (error) => {
      onError(error);
      watcher?.close();
      watcher = undefined;
      later(() => start(true), RETRY_MS);
    });
    // The folder appeared (or came back) while nobody watched it: what is in it is new.
    if (catchUp) void list().then((names) => names?.forEach(report));
  };

  start(options.catchUp ?? false);
  return {
    get mode() {
      return mode;
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      watcher?.close();
    },
  };
}
