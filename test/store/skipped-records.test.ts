import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { TreeBuilder } from '../support/tree-builder';

afterEach(() => vi.restoreAllMocks());

describe('skipped records', () => {
  it('are counted, logged once with their path, and cleared once the file reads', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const t = new TreeBuilder();
    t.project('proj1');
    t.session('proj1', 'ses_ok');
    const half = t.write('session/proj1/ses_half.json', '{"id":"ses_half","projec');
    const store = new Store(createReaders({ opencodeDir: t.dataDir, databases: [] }));
    await store.start();
    const json = store.indexes[0];
    if (!json) throw new Error('no JSON reader');
    await store.absorb(json, [half]);
    await store.absorb(json, [half]);
    expect(store.issues().map((i) => i.path)).toEqual([half]);
    const logged = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes(half));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/skipped parse .*ses_half\.json: invalid JSON/);
    t.session('proj1', 'ses_half');
    await store.absorb(json, [half]);
    expect(store.issues()).toEqual([]);
    expect([...store.summaryMap().keys()].sort()).toEqual(['ses_half', 'ses_ok']);
    store.stop();
  });
});
