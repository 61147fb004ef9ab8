import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SearchDoc } from '@/lib/search/search-types';
import type { DocsPlan } from './build-docs';
import { readDocs } from './docs-reader';

const STORAGE = path.resolve(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'opencode-1.1.65', 'storage');
const plan: DocsPlan = {
  sources: [{ kind: 'opencode-json', path: STORAGE }],
  sessions: readdirSync(path.join(STORAGE, 'message')).map((id, i) => ({ id, title: `Session ${i} about kiwis`, created: 1_780_000_000_000 + i, source: 0 })),
};

async function collect(mode: 'worker' | 'inline'): Promise<{ docs: SearchDoc[]; progress: number[] }> {
  const docs: SearchDoc[] = [];
  const progress: number[] = [];
  await readDocs(plan, new Map(), { docs: (batch) => void docs.push(...batch), progress: (done) => void progress.push(done) }, mode);
  return { docs, progress };
}

describe('the search build reading on a worker of its own', () => {
  it('hands over the same documents, in the same order, as reading on this thread', async () => {
    const inWorker = await collect('worker');
    const inline = await collect('inline');
    expect(inWorker.docs.length).toBeGreaterThanOrEqual(plan.sessions.length);
    expect(inWorker.docs).toEqual(inline.docs);
    expect(inWorker.progress.at(-1)).toBe(plan.sessions.length);
  }, 60_000);

  it('ends with the writer’s error, not silently and not hanging, when a batch cannot be written', async () => {
    const failing = readDocs(plan, new Map(), { docs: () => Promise.reject(new Error('disk full')), progress: () => undefined }, 'worker');
    await expect(failing).rejects.toThrow('disk full');
  }, 60_000);
});
