// Issue 28, item 1: a process posing as an OpenCode server floods approvals and streamed parts under
// new ids, answers `/permission` with 404 and `/session/status` with thousands of statuses or a body
// without end. What the dashboard keeps of it stays bounded, and goes when the server goes.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from '@/test/support/hostile-opencode-server';
import { waitFor } from '@/test/live/live-repeat';
import { LiveState, MAX_APPROVALS_PER_SOURCE, MAX_STATUSES_PER_SOURCE, MAX_STREAM_PARTS, MAX_STREAM_TOTAL_CHARS } from './live-state';
import { MAX_JSON_BYTES } from './server-get';
import { ServerFollower } from './server-follower';

let hostile: HostileServer | undefined;
let follower: ServerFollower | undefined;

afterEach(async () => {
  follower?.stop();
  await hostile?.close();
  follower = hostile = undefined;
});

function follow(url: string): LiveState {
  const state = new LiveState(() => {});
  follower = new ServerFollower(url, 'flag', state);
  follower.start();
  return state;
}

describe('following a hostile OpenCode server', () => {
  it('keeps a bounded number of approvals, statuses and streamed characters, and drops them all when the server goes', async () => {
    // 3,000 approvals, 3,000 streamed parts of 20,000 characters (60 M in all), 3,000 statuses; polls list 20,000 more.
    hostile = await startHostileServer({ events: 9_000, partChars: 20_000, statuses: 20_000 });
    const state = follow(hostile.url);
    await waitFor('the whole burst taken in', async () => state.streamingOf(hostile!.markerSession).length > 0, 60_000, 50);
    await waitFor('a poll of the statuses', async () => hostile!.statusAnswers() >= 2, 10_000, 50);
    const held = state.held();
    expect(held.approvals).toBeGreaterThan(0);
    expect(held.approvals).toBeLessThanOrEqual(MAX_APPROVALS_PER_SOURCE);
    expect(held.statuses).toBeLessThanOrEqual(MAX_STATUSES_PER_SOURCE);
    expect(held.streamParts).toBeLessThanOrEqual(MAX_STREAM_PARTS);
    expect(held.streamChars).toBeLessThanOrEqual(MAX_STREAM_TOTAL_CHARS);
    expect(state.streamingOf('ses_real').length).toBeGreaterThan(0);

    await hostile.close();
    hostile = undefined;
    // The server left: nothing it said is held, and the real session shows no fake streaming part.
    await waitFor('everything dropped', async () => Object.values(state.held()).every((n) => n === 0), 10_000, 50);
    expect(state.streamingOf('ses_real')).toEqual([]);
  }, 90_000);

  it('reads a status answer without end no further than its cap', async () => {
    hostile = await startHostileServer({ events: 0, partChars: 0, statuses: 'endless' });
    const state = follow(hostile.url);
    await waitFor('three polls begun', async () => hostile!.statusAnswers() >= 3, 20_000, 50);
    // What the server managed to write before the dashboard hung up: the cap and the sockets' buffers.
    expect(hostile.statusBytes()).toBeLessThan(MAX_JSON_BYTES + 16 * 1024 * 1024);
    expect(state.held().statuses).toBe(0);
  });

  it('follows a named server that comes up later before its next full try is due, and says when it was last reached', async () => {
    // Issue 28, item 14: the pause between tries grows to 10 s; a server coming up meanwhile waited for it.
    // Here the pause is 10 minutes: only noticing the port open can end it.
    const port = await freePort();
    const state = new LiveState(() => {});
    follower = new ServerFollower(`http://127.0.0.1:${port}`, 'flag', state, () => 10 * 60_000);
    follower.start();
    const due = await waitFor('the first try failed, the next one due', async () => follower?.snapshot().nextAttemptAt, 30_000, 20);
    expect(follower.snapshot()).toMatchObject({ state: 'unreachable' });
    expect(follower.snapshot().lastReachedAt).toBeUndefined();
    hostile = await startHostileServer({ events: 0, partChars: 0, statuses: 0, port });
    const reached = await waitFor('the server followed', async () => follower?.snapshot().lastReachedAt, 60_000, 20);
    expect(reached).toBeLessThan(due);
    await waitFor('connected', async () => follower?.snapshot().state === 'connected', 30_000, 20);
  }, 120_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
