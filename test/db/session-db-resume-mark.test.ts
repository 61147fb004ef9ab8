import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { emptyChangeSet, type ChangeSet, type SourceReader } from '@/lib/server/readers/read-result';
import { Store } from '@/lib/server/store/store';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A source whose full read ends as told, each read leaving a mark of where it would follow on from. */
class MarkingReader implements SourceReader {
  readonly kind = 'opencode-sqlite' as const;
  readonly path = '/nowhere/opencode.db';
  increments = 0;
  constructor(private readonly fullRead: 'whole' | 'failed') {}
  found(): boolean {
    return true;
  }
  async readAll(): Promise<ChangeSet> {
    const changes = emptyChangeSet();
    changes.complete = true;
    if (this.fullRead === 'failed') changes.failed = 'database disk image is malformed';
    changes.resumeMark = 'after the full read';
    return changes;
  }
  async readChanged(): Promise<ChangeSet> {
    const changes = emptyChangeSet();
    changes.resumeMark = `after increment ${++this.increments}`;
    return changes;
  }
  watchTargets(): string[] {
    return [];
  }
  async loadContent(): Promise<undefined> {
    return undefined;
  }
  close(): void {}
}

async function markAfter(fullRead: 'whole' | 'failed'): Promise<(string | null)[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-mark-'));
  dirs.push(dir);
  const store = new Store([{ reader: new MarkingReader(fullRead), priority: 0 }], { sessionDb: openSqliteSessionDb(path.join(dir, 'sessions.db')) });
  const mark = () => store.sessionDb!.db.connection.prepare('SELECT resume_at FROM source').pluck().get() as string | null;
  try {
    await store.start();
    const marks = [mark()];
    await store.absorb(store.indexes[0]!, ['/nowhere/opencode.db']);
    marks.push(mark());
    return marks;
  } finally {
    store.stop();
  }
}

describe("the session database's resume mark", () => {
  it('is kept after a whole read and moved on by each increment', async () => {
    expect(await markAfter('whole')).toEqual(['after the full read', 'after increment 1']);
  });

  it('is not kept after a failed read, nor from the increments after it: the database holds part of the source, and a restart reads it whole', async () => {
    expect(await markAfter('failed')).toEqual([null, null]);
  });
});
