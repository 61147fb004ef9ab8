import 'server-only';
import { watch, type FSWatcher } from 'node:fs';
import { readdir } from 'node:fs/promises';
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
export function watchShallow(folder: string, onEntry: (entry: string) => void, onError: (error: unknown) => void): ShallowWatch {
  let watcher: FSWatcher | undefined;
  let timer: NodeJS.Timeout | undefined;
  let mode: ShallowWatch['mode'] = 'events';
  let closed = false;
  let known: Set<string> | undefined;

  const report = (name: string): void => onEntry(path.join(folder, name));
  const list = async (): Promise<string[] | undefined> => readdir(folder).catch(() => undefined);
  const later = (run: () => void, ms: number): void => {
    if (closed) return;
    timer = setTimeout(run, ms);
    timer.unref();
  };

  const poll = async (): Promise<void> => {
    // A missing folder holds nothing yet: whatever appears in it later is new.
    const names = (await list()) ?? [];
    if (closed) return;
    const previous = known;
    known = new Set(names);
    if (previous) for (const name of names) if (!previous.has(name)) report(name);
    later(() => void poll(), POLL_MS);
  };

  const start = (catchUp: boolean): void => {
    if (closed) return;
    try {
      watcher = watch(folder, { persistent: false }, (_event, name) => {
        if (name) report(name.toString());
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (OUT_OF_WATCHES.has(code)) {
        mode = 'polling';
        onError(error);
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

  start(false);
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
