// Issue 28, item 3: one big file under the size cap must not drop its source. A 200,000-line pi
// transcript threw "Maximum call stack size exceeded" (a spread of every message into `push`) and
// the source's sessions vanished while health said "ok" and the figures "complete".
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getHealth } from '@/lib/server/queries/get-health';
import { getStats } from '@/lib/server/queries/get-stats';
import { emptyChangeSet, type SourceReader } from '@/lib/server/readers/read-result';
import { PiSessionReader } from '@/lib/server/readers/pi/pi-reader';
import { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import { createOpencodeDb } from '../support/sqlite-builder';
import { Store } from '@/lib/server/store/store';
import { statsQuerySchema } from '@/lib/stats/stats-query';

const LINES = 200_000;
const T0 = Date.parse('2026-02-16T10:00:00.000Z');

function writeBigTranscript(): string {
  const root = mkdtempSync(path.join(tmpdir(), 'pi-big-'));
  const dir = path.join(root, '--home-dev-big--');
  mkdirSync(dir);
  const lines = [JSON.stringify({ type: 'session', version: 3, id: 'big0001', timestamp: new Date(T0).toISOString(), cwd: '/home/dev/big' })];
  for (let i = 1; i < LINES; i++) {
    const at = T0 + i * 1_000;
    const message =
      i % 2 === 1
        ? { role: 'user', content: `question ${i}`, timestamp: at }
        : { role: 'assistant', provider: 'anthropic', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: `answer ${i}` }], usage: { input: 10, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 12, cost: { total: 0.001 } }, stopReason: 'stop', timestamp: at };
    lines.push(JSON.stringify({ type: 'message', id: `m${i}`, parentId: i === 1 ? null : `m${i - 1}`, timestamp: new Date(at).toISOString(), message }));
  }
  writeFileSync(path.join(dir, `2026-02-16T10-00-00-000Z_big0001.jsonl`), `${lines.join('\n')}\n`);
  return root;
}

function throwingReader(): SourceReader {
  return {
    kind: 'claude',
    path: '/nowhere/claude',
    found: () => true,
    readAll: () => Promise.reject(new RangeError('Maximum call stack size exceeded')),
    readChanged: () => Promise.resolve(emptyChangeSet()),
    watchTargets: () => [],
    loadContent: () => Promise.resolve(undefined),
    close: () => {},
  };
}

describe('a big source', () => {
  it('a 200,000-line pi transcript is read whole', async () => {
    const cs = await new PiSessionReader('pi', writeBigTranscript()).readAll();
    expect(cs.sessions.map((s) => s.id)).toEqual(['big0001']);
    expect(cs.messages).toHaveLength(LINES - 1);
    expect(cs.issues).toEqual([]);
  }, 120_000);

  it('200,000 sessions in opencode.db are read whole', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    db.prepare('INSERT INTO project (id, worktree, time_created, time_updated) VALUES (?, ?, ?, ?)').run('proj1', '/work/proj1', T0, T0);
    const insert = db.prepare("INSERT INTO session (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES (?, 'proj1', 's', '/work/proj1', ?, '1.2.27', ?, ?)");
    db.transaction(() => {
      for (let i = 0; i < 200_000; i++) insert.run(`ses_${String(i).padStart(7, '0')}`, `Session ${i}`, T0 + i, T0 + i);
    })();
    db.close();
    const reader = new SqliteReader(dbPath, dataDir);
    try {
      const cs = await reader.readAll();
      expect(cs.sessions).toHaveLength(200_000);
      expect(cs.issues).toEqual([]);
    } finally {
      reader.close();
    }
  }, 120_000);

  it('a reader that fails is never "ok" and its figures never "complete"', async () => {
    const store = new Store([{ reader: throwingReader(), priority: 1 }]);
    await store.start();
    try {
      const health = getHealth(store, { opencodeDir: '/nowhere', databases: [] } as never);
      expect(health.ok).toBe(false);
      expect(health.sources[0]?.failed).toMatch(/reader failed: Maximum call stack/);
      const stats = getStats(store, statsQuerySchema.parse({ groupBy: 'day' }));
      expect(stats.complete).toBe(false);
      expect(stats.failedSources).toEqual([expect.objectContaining({ kind: 'claude' })]);
    } finally {
      store.stop();
    }
  });
});
