import { cpSync, mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packFacts } from '@/lib/search/packed-facts';
import { buildIndex, type BuildJob } from './index-build';

const FIXTURE = path.resolve(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'opencode-1.1.65', 'storage');

function jobOver(storage: string, indexFile: string): BuildJob {
  const sessions = readdirSync(path.join(storage, 'message')).map((id) => ({ session: { id, source: 'opencode-json' as const, projectID: 'p', title: id, own: id }, created: 1, fp: `fp-${id}`, source: 0 }));
  return { indexFile, sources: [{ kind: 'opencode-json', path: storage }], sessions };
}

const io = { facts: () => Promise.resolve(packFacts([])), progress: () => undefined };

describe('the bulk build over a JSON tree', () => {
  it('builds every session once: a second build over the unchanged tree reads none, and one whose part changed reads that session', async () => {
    const storage = path.join(mkdtempSync(path.join(os.tmpdir(), 'sessionscope-tree-')), 'storage');
    cpSync(FIXTURE, storage, { recursive: true });
    const indexFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'sessionscope-cache-')), 'search.db');
    const job = jobOver(storage, indexFile);
    expect((await buildIndex(job, io)).built).toBe(job.sessions.length);
    expect((await buildIndex(job, io)).built).toBe(0);
    const session = job.sessions[0]?.session.id ?? '';
    const message = readdirSync(path.join(storage, 'message', session))[0]?.replace(/\.json$/, '') ?? '';
    const part = readdirSync(path.join(storage, 'part', message))[0] ?? '';
    utimesSync(path.join(storage, 'part', message, part), new Date(), new Date(Date.now() + 60_000));
    expect((await buildIndex(job, io)).built).toBe(1);
  });
});
