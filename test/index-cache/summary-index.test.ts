// The persistent summary index: a restart parses only what changed, and answers exactly what a cold
// read answers, whatever happened to the database or to the index in between.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { answers, op, type Op } from './support/index-ops';
import { IndexCache } from '@/lib/server/index-cache/index-cache';
import { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-index-'));
  dirs.push(dir);
  return dir;
}

const sortKeys = (value: unknown): unknown =>
  value && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, sortKeys(v)])) : value;

/** `onWorker`: the reads run their scans on worker threads however small the database (the columns rebuild fields in their own order: compared as values). */
async function readWith(dbPath: string, dataDir: string, indexFile?: string, onWorker = false): Promise<ReturnType<typeof answers>> {
  const cache = indexFile ? IndexCache.open(indexFile) : undefined;
  const reader = new SqliteReader(dbPath, dataDir, cache?.source(`opencode-sqlite:${dbPath}`), onWorker ? 0 : undefined);
  try {
    const all = answers(await reader.readAll());
    const read = { ...all, messages: all.messages.map((m) => JSON.stringify(sortKeys(JSON.parse(m)))).sort() };
    await reader.writeIndex();
    return read;
  } finally {
    reader.close();
    cache?.close();
  }
}

const assistant = (n: number) => ({ role: 'assistant', parentID: 'msg_u', modelID: 'm', providerID: 'p', cost: n / 100, tokens: { input: n, output: 1, reasoning: 0, cache: { read: 0, write: 0 } }, time: { created: 1_780_000_000_000 + n } });

function apply(db: Database.Database, ops: readonly Op[], indexFile: string, counter: { next: number }): void {
  const ids = () => db.prepare('SELECT id FROM message ORDER BY rowid').pluck().all() as string[];
  for (const o of ops) {
    const all = ids();
    const picked = all.length > 0 && 'pick' in o ? all[o.pick % all.length] : undefined;
    if (o.kind === 'add') {
      if (!db.prepare('SELECT 1 FROM session WHERE id = ?').get(`ses_${o.session}`)) insertSession(db, `ses_${o.session}`);
      insertMessage(db, `ses_${o.session}`, `msg_${counter.next++}`, assistant(o.n));
    } else if (o.kind === 'edit' && picked) {
      // OpenCode sets time_updated on every update of a row.
      db.prepare('UPDATE message SET data = ?, time_updated = time_updated + 1 WHERE id = ?').run(JSON.stringify(assistant(o.n)), picked);
    } else if (o.kind === 'delete' && picked) {
      db.prepare('DELETE FROM message WHERE id = ?').run(picked);
    } else if (o.kind === 'deleteSession') {
      db.prepare('DELETE FROM message WHERE session_id = ?').run(`ses_${o.session}`);
      db.prepare('DELETE FROM session WHERE id = ?').run(`ses_${o.session}`);
    } else if (o.kind === 'corrupt' && picked) {
      db.prepare("UPDATE message SET data = '{not json', time_updated = time_updated + 1 WHERE id = ?").run(picked);
    } else if (o.kind === 'dropIndex') {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${indexFile}${suffix}`, { force: true });
    }
  }
}

/** A closed database with one assistant message, and where its index goes. */
function oneMessage() {
  const { dataDir, dbPath, db } = createOpencodeDb({ wal: false });
  dirs.push(dataDir);
  insertSession(db, 'ses_1');
  insertMessage(db, 'ses_1', 'msg_1', assistant(5));
  db.close();
  return { dataDir, dbPath, indexFile: path.join(tempDir(), 'summary-index.db') };
}

describe('persistent summary index', () => {
  it('a restart after any edits, deletions or a removed index answers what a cold read answers (property)', { timeout: 180_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 12 }), fc.array(op, { maxLength: 12 }), fc.array(op, { maxLength: 6 }), fc.boolean(), async (setup, between, again, onWorker) => {
        const { dataDir, dbPath, db } = createOpencodeDb({ wal: false });
        dirs.push(dataDir);
        const indexFile = path.join(tempDir(), 'summary-index.db');
        const counter = { next: 0 };
        try {
          apply(db, setup, indexFile, counter);
          expect(await readWith(dbPath, dataDir, indexFile, onWorker)).toEqual(await readWith(dbPath, dataDir));
          for (const ops of [between, again]) {
            apply(db, ops, indexFile, counter);
            expect(await readWith(dbPath, dataDir, indexFile, onWorker)).toEqual(await readWith(dbPath, dataDir));
          }
        } finally {
          db.close();
        }
      }),
      { numRuns: Number(process.env.INDEX_RUNS ?? 20) },
    );
  });

  it('a restart with nothing changed takes every message from the index, parsing none', async () => {
    const { dataDir, dbPath, indexFile } = oneMessage();
    const cold = await readWith(dbPath, dataDir, indexFile);
    // Replace the cached figures: if the restart parsed the row, it would not see them.
    const index = new Database(indexFile);
    const row = index.prepare("SELECT value FROM entry WHERE key = 'msg_1'").pluck().get() as string;
    index.prepare("UPDATE entry SET value = ? WHERE key = 'msg_1'").run(row.replace('"cost":0.05', '"cost":42'));
    index.close();
    const warm = await readWith(dbPath, dataDir, indexFile);
    expect(warm.messages[0]).toContain('"cost":42');
    expect(cold.messages[0]).toContain('"cost":0.05');
  });

  it('an entry that does not read back (nothing else changed) is read from the database, not lost', async () => {
    const { dataDir, dbPath, indexFile } = oneMessage();
    const cold = await readWith(dbPath, dataDir, indexFile);
    const index = new Database(indexFile);
    index.prepare("UPDATE entry SET value = '{broken' WHERE key = 'msg_1'").run();
    index.close();
    expect(await readWith(dbPath, dataDir, indexFile)).toEqual(cold);
  });

  it('a corrupt index file is rebuilt, and the answers stay those of a cold read', async () => {
    const { dataDir, dbPath, indexFile } = oneMessage();
    writeFileSync(indexFile, Buffer.alloc(8192, 0x5a));
    expect(await readWith(dbPath, dataDir, indexFile)).toEqual(await readWith(dbPath, dataDir));
    const index = new Database(indexFile, { readonly: true });
    expect(index.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(index.prepare("SELECT count(*) FROM entry WHERE key = 'msg_1'").pluck().get()).toBe(1);
    index.close();
  });

  it('an index written by another version is started over', () => {
    const indexFile = path.join(tempDir(), 'summary-index.db');
    const first = IndexCache.open(indexFile);
    first?.update('s', [['k', 'v', 'x']]);
    first?.close();
    const raw = new Database(indexFile);
    raw.prepare("UPDATE meta SET value = '0' WHERE key = 'version'").run();
    raw.close();
    const again = IndexCache.open(indexFile);
    expect(again?.query('s').size).toBe(0);
    again?.update('s', [['k', 'v2', 'y']]);
    expect(again?.query('s').get('k')).toEqual({ version: 'v2', value: 'y' });
    again?.close();
  });
});
