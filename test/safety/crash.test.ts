import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyChangeSet, type ChangeSet, type SourceReader } from '@/lib/server/readers/read-result';
import { JsonTreeReader } from '@/lib/server/readers/opencode/json/json-tree-reader';
import { Store } from '@/lib/server/store/store';
import { startServer, type StartedServer } from '../support/start-server';
import { TreeBuilder } from '../support/tree-builder';
import { copyFixture, jsonTreeFixture } from './support/fixture-copies';
import { get, getJson } from './support/http';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

class ExplodingReader implements SourceReader {
  readonly kind = 'pi' as const;
  readonly path = '/nowhere/exploding';
  calls = 0;
  constructor(private readonly mode: 'readAll' | 'readChanged') {}
  found(): boolean {
    return true;
  }
  async readAll(): Promise<ChangeSet> {
    this.calls++;
    if (this.mode === 'readAll') throw new Error('boom in readAll');
    const changes = emptyChangeSet();
    changes.complete = true;
    return changes;
  }
  async readChanged(): Promise<ChangeSet> {
    this.calls++;
    throw new TypeError('boom in readChanged');
  }
  watchTargets(): string[] {
    return [];
  }
  async loadContent(): Promise<undefined> {
    throw new Error('boom in loadContent');
  }
  close(): void {}
}

describe('a failing reader does not take the store down', () => {
  it('turns exceptions from readAll and readChanged into issues, and keeps serving the other sources', async () => {
    const tree = new TreeBuilder();
    tree.project('proj1');
    tree.session('proj1', 'ses_fine');
    const failingAll = new ExplodingReader('readAll');
    const failingChanged = new ExplodingReader('readChanged');
    const store = new Store([
      { reader: failingAll, priority: 0 },
      { reader: new JsonTreeReader(tree.dataDir), priority: 1 },
      { reader: failingChanged, priority: 0 },
    ]);
    await expect(store.start()).resolves.toBeUndefined();
    expect(store.progress.phase).toBe('ready');
    expect(store.summaryMap().has('ses_fine')).toBe(true);
    expect(store.issues().find((i) => i.path === failingAll.path)?.reason).toMatch(/reader failed: boom in readAll/);
    const [first, second, third] = store.indexes;
    await expect(store.absorb(third!, ['/nowhere/exploding/x.jsonl'])).resolves.toBeUndefined();
    expect(store.issues().some((i) => /boom in readChanged/.test(i.reason))).toBe(true);
    // Later changes still flow after a failure.
    tree.session('proj1', 'ses_later');
    await store.absorb(second!, [path.join(tree.storage, 'session', 'proj1', 'ses_later.json')]);
    expect(store.summaryMap().has('ses_later')).toBe(true);
    await expect(store.absorb(first!, [])).resolves.toBeUndefined();
    store.stop();
    rmSync(tree.dataDir, { recursive: true, force: true });
  });
});

describe('the running server', () => {
  let server: StartedServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('survives hostile requests, then recovers when storage/ is deleted and created again', async () => {
    const opencodeDir = copyFixture(jsonTreeFixture(), 'opencode');
    server = await startServer({ opencodeDir });
    const base = server.url;
    const ids = async (): Promise<string[]> => (await getJson<{ sessions: { id: string }[] }>(`${base}/api/sessions?limit=1000&archived=1`)).sessions.map((s) => s.id);
    for (let i = 0; i < 100 && (await ids()).length === 0; i++) await sleep(100);
    const original = await ids();
    expect(original.length).toBeGreaterThan(3);

    const hostile = [
      '/api/sessions/%E0%A4%A', '/api/sessions/%00', '/api/sessions/..%2F..%2Fetc%2Fpasswd', `/api/sessions/${'a'.repeat(5_000)}`,
      '/api/sessions?cursor=%FF%FE', `/api/sessions?cursor=${Buffer.from('[{"a":1},"x"]').toString('base64url')}`, '/api/sessions?limit=-1',
      `/api/sessions?q=${'%F0%9F%92%A9'.repeat(1_000)}`, '/api/sessions?from=2020-13-45', '/api/stats?groupBy=__proto__', '/api/stats?timeZone=Mars/Olympus',
      '/sessions/%E0%A4%A', '/%2e%2e/%2e%2e/etc/passwd', '/_next/static/..%2F..%2Fpackage.json',
    ];
    for (const p of hostile) {
      const reply = await get(`${base}${p}`, {}, { timeoutMs: 5_000 }).catch((error: Error) => ({ status: -1, body: error.message }));
      expect(reply.status, `${p}: ${reply.body.slice(0, 200)}`).toBeGreaterThan(0);
      expect(reply.status, `${p}: ${reply.body.slice(0, 200)}`).not.toBe(500);
      expect(reply.body).not.toMatch(/"name":\s*"sessionscope"|root:x:0:0/);
    }
    expect(server.child.exitCode).toBeNull();
    expect((await get(`${base}/api/health`)).status).toBe(200);

    // The watched folder disappears (a user clears OpenCode's data) ...
    const storage = path.join(opencodeDir, 'storage');
    rmSync(storage, { recursive: true, force: true });
    for (let i = 0; i < 50 && (await ids()).length > 0; i++) await sleep(200);
    expect(await ids()).toEqual([]);
    // ... and comes back: old files restored, and a new session written after re-creation.
    await sleep(300);
    cpSync(path.join(jsonTreeFixture(), 'storage'), storage, { recursive: true });
    await sleep(300);
    const tree = new TreeBuilder(opencodeDir);
    tree.session('3ac73b5569ad4ebd813b7160c457fa4331e1bfbc', 'ses_recreated', { time: { created: Date.now(), updated: Date.now() } });
    let now: string[] = [];
    for (let i = 0; i < 75; i++) {
      now = await ids();
      if (now.includes('ses_recreated') && now.length > original.length) break;
      await sleep(200);
    }
    expect(now).toContain('ses_recreated');
    expect(now.sort()).toEqual([...original, 'ses_recreated'].sort());
    expect(server.child.exitCode).toBeNull();
  });
});
