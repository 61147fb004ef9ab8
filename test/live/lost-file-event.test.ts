import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { FileWatcher } from '@/lib/server/watcher/file-watcher';
import { followSources } from '@/lib/server/watcher/follow-sources';
import { createOpencodeDb, insertMessage, insertSession } from '../support/sqlite-builder';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A watcher that passes on only the events the test hands it: the rest are "lost". Routes come in reader order. */
function handWatcher(kinds = ['opencode-json', 'opencode-sqlite']): { watcher: FileWatcher; fire: (kind: string, paths: string[]) => void } {
  const routes: { kind: string; onChange: (paths: string[]) => void }[] = [];
  let next = 0;
  const watcher: FileWatcher = {
    mode: 'events',
    lastError: undefined,
    route(_targets, onChange) {
      routes.push({ kind: kinds[next++] ?? 'other', onChange });
      return { setLive: () => undefined };
    },
    close: async () => undefined,
  };
  return { watcher, fire: (kind, paths) => routes.find((r) => r.kind === kind)?.onChange(paths) };
}

describe('a database write whose file event was lost', () => {
  it('still reaches the store: the source is checked once more after a change settles', async () => {
    const { dataDir, dbPath, db } = createOpencodeDb();
    insertSession(db, 'ses_1', { created: Date.now() });
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    const { watcher, fire } = handWatcher();
    const stop = followSources(store, watcher, (error) => {
      throw error;
    });
    await store.start();
    insertMessage(db, 'ses_1', 'msg_1', { role: 'user' }, Date.now());
    fire('opencode-sqlite', [`${dbPath}-wal`]);
    // The commit right after it never produces an event of its own.
    await sleep(5);
    insertMessage(db, 'ses_1', 'msg_2', { role: 'user' }, Date.now());
    await sleep(1_000);
    expect(store.summaryMap().get('ses_1')?.messageCount).toBe(2);
    stop();
    store.stop();
    db.close();
  });
});

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** Lines of a real transcript, split in three: written at start, with an event, and without one. */
function thirds(file: string): [string, string, string] {
  const lines = readFileSync(file, 'utf8').split(/(?<=\n)/);
  const a = Math.floor(lines.length / 3);
  return [lines.slice(0, a).join(''), lines.slice(a, 2 * a).join(''), lines.slice(2 * a).join('')];
}

const summaryOf = (s: Store) => [...s.summaryMap().values()].map((x) => [x.id, x.messageCount, x.tokens.input, x.cost]).sort();

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 150 && !done(); i++) await sleep(20);
}

describe('a file write whose event was lost (every file source)', () => {
  const cases = [
    { kind: 'claude', fixture: 'claude-2.1.328/projects', pick: (root: string) => { const dir = path.join(root, '-tmp-sessionscope-fixture-claude-2-1-328-alpha'); return readdirSync(dir).map((f) => path.join(dir, f)).find((f) => f.endsWith('.jsonl') && readFileSync(f, 'utf8').includes('[ssc:c-tools]'))!; } },
    { kind: 'pi', fixture: 'pi-0.73.1/sessions', pick: (root: string) => { const dir = path.join(root, '--tmp-sessionscope-fixture-pi-0.73.1-alpha--'); return path.join(dir, readdirSync(dir).sort()[0]!); } },
  ] as const;
  for (const c of cases) {
    it(`${c.kind}: the rest of a transcript written right after an event is read at the settle check`, async () => {
      const tmp = mkdtempSync(path.join(tmpdir(), 'sessionscope-lost-'));
      const root = path.join(tmp, 'root');
      cpSync(path.join(fixtures, c.fixture), root, { recursive: true });
      const file = c.pick(root);
      const [start, middle, end] = thirds(file);
      writeFileSync(file, start);
      const locations = { opencodeDir: path.join(tmp, 'none'), databases: [], ...(c.kind === 'claude' ? { claudeDir: root } : { piDir: root }) };
      const store = new Store(createReaders(locations));
      const { watcher, fire } = handWatcher(['opencode-json', c.kind]);
      const stop = followSources(store, watcher, (error) => {
        throw error;
      });
      await store.start();
      const before = JSON.stringify(summaryOf(store));
      appendFileSync(file, middle);
      fire(c.kind, [file]);
      await until(() => JSON.stringify(summaryOf(store)) !== before);
      appendFileSync(file, end); // written after that read, and its event is lost
      await sleep(1_500);
      const cold = new Store(createReaders(locations));
      await cold.start();
      expect(cold.summaryMap().size).toBeGreaterThan(0);
      expect(summaryOf(store)).toEqual(summaryOf(cold));
      stop();
      store.stop();
      cold.stop();
      rmSync(tmp, { recursive: true, force: true });
    });
  }

  it('opencode JSON tree: a message file rewritten right after an event is read at the settle check', async () => {
    const tmp = mkdtempSync(path.join(tmpdir(), 'sessionscope-lost-'));
    const dataDir = path.join(tmp, 'opencode');
    cpSync(path.join(fixtures, 'opencode-1.1.65'), dataDir, { recursive: true });
    const sessionDir = path.join(dataDir, 'storage', 'message', readdirSync(path.join(dataDir, 'storage', 'message')).sort()[0]!);
    const assistantFile = readdirSync(sessionDir).map((f) => path.join(sessionDir, f)).find((f) => (JSON.parse(readFileSync(f, 'utf8')) as { role: string }).role === 'assistant')!;
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [] }));
    const { watcher, fire } = handWatcher(['opencode-json']);
    const stop = followSources(store, watcher, (error) => {
      throw error;
    });
    await store.start();
    const message = JSON.parse(readFileSync(assistantFile, 'utf8')) as { sessionID: string; tokens: { input: number } };
    writeFileSync(assistantFile, JSON.stringify({ ...message, tokens: { ...message.tokens, input: 111 } }));
    fire('opencode-json', [assistantFile]);
    await until(() => store.summaryMap().get(message.sessionID)?.tokens.input !== undefined && JSON.stringify(summaryOf(store)).includes('111'));
    writeFileSync(assistantFile, JSON.stringify({ ...message, tokens: { ...message.tokens, input: 222_222 } })); // no event
    await sleep(1_500);
    expect(store.summaryMap().get(message.sessionID)?.tokens.input).toBeGreaterThanOrEqual(222_222);
    stop();
    store.stop();
    rmSync(tmp, { recursive: true, force: true });
  });
});
