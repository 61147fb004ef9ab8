// Issue 28, item 5: 500 fake ports made 498 followers and 1,546 descriptors. Discovered servers
// are followed up to a cap; named ones always are.
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@/test/live/live-repeat';
import { LiveOpencode, MAX_DISCOVERED } from './live-opencode';

let live: LiveOpencode | undefined;
afterEach(() => live?.stop());

describe('LiveOpencode', () => {
  it(`follows at most ${MAX_DISCOVERED} discovered servers, however many answer`, async () => {
    // Ports nothing listens on: each follower keeps trying, as against a server that went quiet.
    const found = Array.from({ length: 500 }, (_, i) => `http://127.0.0.1:${1 + i}`);
    live = new LiveOpencode(() => {}, async () => found);
    live.start({ urls: ['http://127.0.0.1:9'], discover: true });
    await waitFor('a discovery round', async () => live?.discovery.lastRun, 10_000, 50);
    const servers = live.servers();
    expect(servers.filter((s) => s.origin === 'discovered')).toHaveLength(MAX_DISCOVERED);
    expect(servers.filter((s) => s.origin === 'flag').map((s) => s.url)).toEqual(['http://127.0.0.1:9']);
  });
});
