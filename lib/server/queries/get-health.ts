import 'server-only';
import { statSync } from 'node:fs';
import { bulkReadCounts } from '../fs/bulk-read/read-listed-files';
import { cacheWriteProblems } from '../fs/cache-write-backoff';
import { existsSync } from 'node:fs';
import { sqliteSupport } from '../readers/opencode/sqlite/load-better-sqlite';
import type { Store } from '../store/store';
import type { DataLocations } from '../config';
import type { ReadIssue, SourceReader } from '../readers/read-result';
import type { FileWatcher } from '../watcher/file-watcher';
import type { ServerInfo } from '../live-opencode/server-follower';

export interface SourceHealth {
  kind: string;
  path: string;
  found: boolean;
  mode?: string;
  sessions: number;
  messages: number;
  skipped: number;
  /** Why its last read threw: its sessions and figures are incomplete until a full read succeeds. */
  failed?: string;
}

/** OpenCode servers followed (named or found) and whether discovery runs. */
export interface LiveHealth {
  servers: ServerInfo[];
  discovery: { enabled: boolean; lastRun?: number; error?: string };
}

export function getHealth(store: Store, locations: DataLocations, planIssues: readonly ReadIssue[] = [], watcher?: Pick<FileWatcher, 'mode' | 'lastError'>, live?: LiveHealth) {
  const sources: SourceHealth[] = store.indexes.map((index) => ({
    kind: index.reader.kind,
    path: index.reader.path,
    found: index.reader.found(),
    mode: readerMode(index.reader),
    sessions: index.sessions.size,
    messages: index.messageCount,
    skipped: index.issues.size,
    ...(index.failure ? { failed: index.failure.reason } : {}),
  }));
  const issues = [...store.issues(), ...planIssues];
  const failedSources = sources.filter((s) => s.failed !== undefined);
  return {
    /** False while a source's read failed: what is shown is not everything on disk. */
    ok: failedSources.length === 0,
    failedSources: failedSources.map((s) => ({ kind: s.kind, path: s.path, reason: s.failed as string })),
    opencodeDir: locations.opencodeDir,
    opencodeDirFound: existsSync(locations.opencodeDir),
    sources,
    found: sources.filter((s) => s.found).map((s) => ({ kind: s.kind, path: s.path })),
    missing: sources.filter((s) => !s.found).map((s) => ({ kind: s.kind, path: s.path })),
    counts: { sessions: store.view.size, projects: store.projects().length, messages: store.sessionDb.messageCount() },
    skipped: issues.length,
    issues: issues.slice(0, 200),
    index: store.progress,
    eventId: store.events.lastId,
    watcher: watcher ? { mode: watcher.mode, lastError: watcher.lastError } : undefined,
    opencodeServers: live ?? { servers: [], discovery: { enabled: false } },
    /** Batches of the JSON tree's bulk read done on its worker thread and, where none could run, on the main thread. */
    bulkReads: { ...bulkReadCounts },
    /**
     * The session database: its file (none: in memory), whether it holds every source's whole
     * content already (a restart on unchanged sources), and why it was given up, if it was.
     */
    sessionDatabase: { file: store.sessionDb.db.file ?? null, bytes: databaseBytes(store.sessionDb.db.file), current: store.sessionDb.current, error: store.sessionDb.error ?? null },
    /** Cache writes failing now (a full disk): what, why, since when; the dashboard serves from what it has meanwhile. */
    cacheWrites: cacheWriteProblems(),
    /** Whether better-sqlite3 loaded (`available` is unset until something needed it). */
    sqlite: sqliteSupport(),
  };
}

export type Health = ReturnType<typeof getHealth>;

/** How the database is read (SQLite only). By shape, not `instanceof`: Next's server entries may each hold their own copy of the class. */
function readerMode(reader: SourceReader): string | undefined {
  const mode = (reader as Partial<{ mode: unknown }>).mode;
  return reader.kind === 'opencode-sqlite' && reader.found() && typeof mode === 'string' ? mode : undefined;
}

/** The session database's size on disk with its write-ahead log (our own cache file); null in memory. */
function databaseBytes(file: string | undefined): number | null {
  if (!file) return null;
  let bytes = 0;
  for (const name of [file, `${file}-wal`]) {
    try {
      // Ignored by Next's output tracing: a path known only at run time would make it trace (and the
      // standalone output ship) the whole project, tests and fixtures included.
      bytes += statSync(/* turbopackIgnore: true */ name).size;
    } catch {
      // No log yet (or the file went with the cache): counted as nothing.
    }
  }
  return bytes;
}
