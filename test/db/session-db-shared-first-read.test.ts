// Two dashboards on one session database, their first reads interleaved. A first read into a
// database that holds nothing of the source sums its messages' usage once they are all in; another
// process whose first read comes meanwhile finds the same messages written already (an equal row
// writes nothing). Its figures must not miss the usage the first has not summed yet, nor leave it to
// a process that may stop before it does. (Two processes started at once hit this 1 run in 6 to 12:
// session-db-processes.test.ts; here the steps are taken in the order that fails.)
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ChangeSet, FullReadOptions } from '@/lib/server/readers/read-result';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';
import { modelFigures, storeOn } from './support/session-db-store';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function tempFile(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-shared-'));
  dirs.push(dir);
  return path.join(dir, 'sessions.db');
}

function history(): string {
  const { dataDir, db } = createOpencodeDb({ wal: false });
  dirs.push(dataDir);
  db.transaction(() => {
    for (let s = 0; s < 3; s++) {
      insertSession(db, `ses_${s}`);
      for (let m = 0; m < 20; m++) insertMessage(db, `ses_${s}`, `msg_${s}_${m}`, { role: 'assistant', providerID: 'anthropic', modelID: 'claude-sonnet-4-5', cost: m / 1000, tokens: { input: m, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } });
    }
  })();
  db.close();
  return dataDir;
}

/** What a store alone on a database of its own answers. */
async function aloneOn(dataDir: string) {
  const alone = storeOn(dataDir, tempFile());
  await alone.start();
  const whole = modelFigures(alone);
  alone.stop();
  expect(whole).toMatchObject({ complete: true, messages: 60 });
  return whole;
}

/**
 * A store whose read of OpenCode's database is held once every message is written, before the stage
 * that says so (its usage is not summed yet): `held` once it is, until `release`.
 */
function heldAfterMessages(dataDir: string, file: string) {
  const store = storeOn(dataDir, file);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const held = new Promise<void>((resolve) => (reached = resolve));
  const reader = store.indexes.find((index) => index.reader.kind === 'opencode-sqlite')!.reader;
  const staged = reader.readAllStaged!.bind(reader);
  reader.readAllStaged = async function* (options?: FullReadOptions): AsyncGenerator<ChangeSet> {
    for await (const changes of staged(options)) {
      if (changes.messagesComplete) {
        reached();
        await gate;
      }
      yield changes;
    }
  };
  return { store, held, release };
}

describe('a first read beside another process\'s first read on one session database', () => {
  it('answers complete only with every message counted, while the other has not summed their usage yet', async () => {
    const dataDir = history();
    const whole = await aloneOn(dataDir);
    const file = tempFile();
    const first = heldAfterMessages(dataDir, file);
    const started = first.store.start();
    await first.held;
    const second = storeOn(dataDir, file);
    await second.start();
    expect(modelFigures(second)).toEqual(whole);
    first.release();
    await started;
    expect(modelFigures(first.store)).toEqual(whole);
    first.store.stop();
    second.stop();
  });

  it('counts the usage of a first read that stopped before summing it', async () => {
    const dataDir = history();
    const whole = await aloneOn(dataDir);
    const file = tempFile();
    const first = heldAfterMessages(dataDir, file);
    const started = first.store.start();
    await first.held;
    // The dashboard is stopped there: its read, let go, writes nothing more.
    first.store.stop();
    first.release();
    await started;
    const next = storeOn(dataDir, file);
    await next.start();
    expect(modelFigures(next)).toEqual(whole);
    next.stop();
  });

  it('a cache left with unsummed usage before the database listed it: the first total after the upgrade counts it', async () => {
    const dataDir = history();
    const whole = await aloneOn(dataDir);
    const file = tempFile();
    const before = storeOn(dataDir, file);
    await before.start();
    before.stop();
    before.sessionDb!.close();
    // What a first read stopped before its sums, then a start whose equal rows wrote nothing, left:
    // every message written, no usage summed, the source recorded complete (before migration 16).
    const raw = new Database(file);
    raw.exec('DELETE FROM usage_rollup; DELETE FROM usage_total; DROP TABLE usage_pending; DROP TABLE session_summary; DROP TABLE session_summary_body; ALTER TABLE source DROP COLUMN data_generation; ALTER TABLE source DROP COLUMN summaries_as; DELETE FROM schema_migration WHERE version > 15;');
    raw.close();
    const warn = vi.spyOn(console, 'warn');
    const next = storeOn(dataDir, file);
    // Brought forward by its migrations, not rebuilt (a rebuilt database reads every source again, and sums it all).
    expect(warn.mock.calls.filter((args) => String(args[0]).includes('rebuilt'))).toEqual([]);
    warn.mockRestore();
    const started = next.start();
    let first = modelFigures(next);
    while (!first.complete) {
      await new Promise((resolve) => setImmediate(resolve));
      first = modelFigures(next);
    }
    expect(first).toEqual(whole);
    await started;
    expect(modelFigures(next)).toEqual(whole);
    next.stop();
  });
});
