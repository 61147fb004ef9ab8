// Locating and copying the committed OpenCode fixtures. Open a fixture's
// opencode.db only in a copy: SQLite creates -wal/-shm files next to a WAL-mode
// database even for a read-only connection, and leaves them behind.
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const OPENCODE_FIXTURES = ['opencode-1.1.65', 'opencode-1.2.27-merged', 'opencode-1.18.33'] as const;

export type OpencodeFixture = (typeof OPENCODE_FIXTURES)[number];

/** Absolute path of `test/fixtures/<name>` (the OpenCode data root). */
export function fixtureDir(name: OpencodeFixture): string {
  return join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', name);
}

export interface FixtureCopy {
  /** The copied data root (contains storage/ and/or opencode.db). */
  dir: string;
  remove(): Promise<void>;
}

/** Copies a fixture into a fresh temp dir, safe to open, watch or modify. */
export async function copyFixture(name: OpencodeFixture): Promise<FixtureCopy> {
  const root = await mkdtemp(join(tmpdir(), 'sessionscope-octool-fixture-copy-'));
  const dir = join(root, 'opencode');
  await cp(fixtureDir(name), dir, { recursive: true });
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}
