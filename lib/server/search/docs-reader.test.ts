import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packFacts } from '@/lib/search/packed-facts';
import type { SearchDoc } from '@/lib/search/search-types';
import type { MessageFacts } from '@/lib/search/session-documents';
import type { DocsPlan } from './build-docs';
import { readDocs } from './docs-reader';

const STORAGE = path.resolve(import.meta.dirname, '..', '..', '..', 'test', 'fixtures', 'opencode-1.1.65', 'storage');
const plan: DocsPlan = {
  sources: [{ kind: 'opencode-json', path: STORAGE }],
  sessions: readdirSync(path.join(STORAGE, 'message')).map((id, i) => ({ id, title: `Session ${i} about kiwis`, created: 1_780_000_000_000 + i, source: 0 })),
};

/** The fixture's messages as the store gives their facts to a build (one with an error, to have its document too). */
function fixtureFacts(): [string, MessageFacts][] {
  const out: [string, MessageFacts][] = [];
  for (const session of readdirSync(path.join(STORAGE, 'message'))) {
    for (const file of readdirSync(path.join(STORAGE, 'message', session))) {
      const m = JSON.parse(readFileSync(path.join(STORAGE, 'message', session, file), 'utf8')) as { id: string; role: 'user' | 'assistant'; agent?: string; modelID?: string; time: { created: number } };
      out.push([m.id, { sessionID: session, role: m.role, ...(m.agent ? { agent: m.agent } : {}), ...(m.modelID ? { model: `scripted/${m.modelID}` } : {}), time: m.time.created, ...(out.length === 3 ? { error: 'APIError: kiwis overloaded' } : {}) }]);
    }
  }
  return out;
}

async function collect(mode: 'worker' | 'inline'): Promise<{ docs: SearchDoc[]; progress: number[] }> {
  const docs: SearchDoc[] = [];
  const progress: number[] = [];
  await readDocs(plan, packFacts(fixtureFacts()), { docs: (batch) => void docs.push(...batch), progress: (done) => void progress.push(done) }, mode);
  return { docs, progress };
}

describe('the search build reading on a worker of its own', () => {
  it('hands over the same documents, in the same order, as reading on this thread', async () => {
    const inWorker = await collect('worker');
    const inline = await collect('inline');
    // Every part's documents carry their message's facts, and the error is a document of its own.
    expect(inWorker.docs.filter((d) => d.partID !== undefined && d.role !== undefined).length).toBeGreaterThan(plan.sessions.length * 2);
    expect(inWorker.docs.filter((d) => d.kind === 'error').map((d) => d.body)).toEqual(['APIError: kiwis overloaded']);
    expect(inWorker.docs.some((d) => d.partID !== undefined && d.agent === 'build')).toBe(true);
    expect(inWorker.docs).toEqual(inline.docs);
    expect(inWorker.progress.at(-1)).toBe(plan.sessions.length);
  }, 60_000);

  it('ends with the writer’s error, not silently and not hanging, when a batch cannot be written', async () => {
    const failing = readDocs(plan, packFacts(fixtureFacts()), { docs: () => Promise.reject(new Error('disk full')), progress: () => undefined }, 'worker');
    await expect(failing).rejects.toThrow('disk full');
  }, 60_000);
});
