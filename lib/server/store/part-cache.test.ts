import { AsyncLocalStorage } from 'node:async_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Part } from '@/lib/model/part';
import type { ContentRequest, SessionContent } from '../readers/read-result';
import { PartCache } from './part-cache';

const part = (messageID: string, id: string, text = 'v1'): Part => ({ id, messageID, sessionID: 's', type: 'text', text });
const owner = {};

/** A source of messages m0..m9 with 3 parts each; `version` changes what it returns; reads can be held. */
function source() {
  const state = { version: 'v1', reads: [] as (readonly string[] | undefined)[], hold: undefined as Promise<void> | undefined };
  const load = async (request: ContentRequest): Promise<SessionContent> => {
    state.reads.push(request.messageIDs);
    const version = state.version;
    await state.hold;
    const ids = request.messageIDs ?? Array.from({ length: 10 }, (_, i) => `m${i}`);
    return { parts: ids.flatMap((m) => [0, 1, 2].map((i) => part(m, `${m}p${i}`, version))), todos: [], diffs: [], issues: [] };
  };
  return { state, load };
}

/** Holds the source's reads until `release` is called. */
function holdReads(state: ReturnType<typeof source>['state']): () => void {
  let release = (): void => undefined;
  state.hold = new Promise((resolve) => (release = resolve));
  return () => release();
}

const texts = (held: Map<string, { parts: Part[] }>) => [...held.values()].flatMap((h) => h.parts.map((p) => (p.type === 'text' ? p.text : '')));

describe('PartCache', () => {
  it('reads each message once, and again only after it is forgotten', async () => {
    const cache = new PartCache();
    const { state, load } = source();
    await cache.parts('s', owner, ['m1', 'm2'], load);
    await cache.parts('s', owner, ['m2', 'm3'], load);
    expect(state.reads).toEqual([['m1', 'm2'], ['m3']]);
    state.version = 'v2';
    cache.forgetMessages('s', ['m2']);
    expect(texts(await cache.parts('s', owner, ['m1', 'm2'], load))).toEqual(['v1', 'v1', 'v1', 'v2', 'v2', 'v2']);
    expect(state.reads.at(-1)).toEqual(['m2']);
  });

  it('does not keep what a read brought for a message forgotten while it ran', async () => {
    const cache = new PartCache();
    const { state, load } = source();
    const release = holdReads(state);
    const first = cache.parts('s', owner, ['m1'], load);
    // The message changes on disk while the read is under way.
    cache.forgetMessages('s', ['m1']);
    state.version = 'v2';
    release();
    await first;
    state.hold = undefined;
    expect(texts(await cache.parts('s', owner, ['m1'], load))).toEqual(['v2', 'v2', 'v2']);
  });

  it('does not keep a part removed while the read that brought it ran', async () => {
    const cache = new PartCache();
    const { state, load } = source();
    const release = holdReads(state);
    const first = cache.parts('s', owner, ['m1'], load);
    // The part file goes after the read found it; the store hears of it before the read ends.
    cache.forgetParts(['m1p2']);
    release();
    await first;
    state.hold = undefined;
    await cache.parts('s', owner, ['m1'], load);
    expect(state.reads).toEqual([['m1'], ['m1']]);
  });

  it('forgets the message of a removed part, and drops the least recently used session past the bound', async () => {
    const cache = new PartCache(9);
    const { state, load } = source();
    await cache.parts('a', owner, ['m1', 'm2'], load);
    cache.forgetParts(['m1p0']);
    await cache.parts('a', owner, ['m1'], load);
    expect(state.reads.at(-1)).toEqual(['m1']);
    expect(cache.size).toBe(6);
    await cache.parts('b', owner, ['m1', 'm2'], load);
    // 12 parts > 9: session a (used least recently) goes.
    expect(cache.size).toBe(6);
    await cache.parts('a', owner, ['m1'], load);
    expect(state.reads.at(-1)).toEqual(['m1']);
  });

  it('reads a session again when another source takes it over', async () => {
    const cache = new PartCache();
    const { state, load } = source();
    await cache.parts('s', owner, ['m1'], load);
    await cache.parts('s', {}, ['m1'], load);
    expect(state.reads).toEqual([['m1'], ['m1']]);
  });

  it('keeps no answered request alive: what it holds was read in a request, but not the request', async () => {
    // Next answers each request inside an AsyncLocalStorage of it (request, response, compression
    // stream): a promise made meanwhile carries that store for as long as the promise lives.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const requests = new AsyncLocalStorage<{ body: Uint8Array }>();
    const cache = new PartCache();
    const { load } = source();
    // Each request answered in a function of its own: nothing of it stays on this test's frames.
    const answer = async (n: number): Promise<WeakRef<object>> => {
      const request = { body: new Uint8Array(1_000_000) };
      await requests.run(request, async () => {
        cache.forgetMessages('s', ['m1']);
        await cache.parts('s', owner, ['m1', `m${n + 2}`], load);
        await cache.extras('s', owner, load);
      });
      return new WeakRef(request);
    };
    const answered: WeakRef<object>[] = [];
    for (let n = 0; n < 5; n++) answered.push(await answer(n));
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(answered.flatMap((ref, n) => (ref.deref() === undefined ? [] : [n]))).toEqual([]);
    expect(cache.size).toBe(6 * 3);
  });
});
