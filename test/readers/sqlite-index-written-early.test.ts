// OpenCode's first read hands the summary index its messages once they are all read, not at the end
// of the parts read after them: the index's writer holds each message until it is written (at
// 20,000 sessions that was 400,000 messages held through minutes of parts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IndexCache } from '@/lib/server/index-cache/index-cache';
import { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("OpenCode's first read and the summary index", () => {
  it('writes every message read into the index before the parts read is over', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    dirs.push(dataDir);
    insertSession(db, 'ses_a');
    const ids = ['msg_1', 'msg_2', 'msg_3', 'msg_4'];
    for (const [n, id] of ids.entries()) {
      const role = n % 2 === 0 ? 'user' : 'assistant';
      insertMessage(db, 'ses_a', id, { role, ...(role === 'assistant' ? { modelID: 'm', providerID: 'p', cost: 0, tokens: { input: 1, output: 1, reasoning: 0, cache: { read: 0, write: 0 } } } : {}) }, 1_780_000_001_000 + n);
    }
    db.close();
    const cacheDir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-index-early-'));
    dirs.push(cacheDir);
    const cache = IndexCache.open(path.join(cacheDir, 'index.db'));
    const source = cache?.source(`opencode-sqlite:${dbPath}`);
    expect(source).toBeDefined();
    const reader = new SqliteReader(dbPath, dataDir, source);
    let indexedMidRead: string[] | undefined;
    try {
      let messagesRead = false;
      for await (const stage of reader.readAllStaged()) {
        // The first stage of the parts read: the index's writer has had a turn of its own meanwhile.
        if (messagesRead && indexedMidRead === undefined) {
          await new Promise((resolve) => setTimeout(resolve, 200));
          indexedMidRead = (source?.page('', 100) ?? []).map(([key]) => key).sort();
        }
        if (stage.messagesComplete) messagesRead = true;
      }
      await reader.writeIndex();
    } finally {
      reader.close();
      cache?.close();
    }
    expect(indexedMidRead).toEqual(ids);
  });
});
