import { describe, expect, it } from 'vitest';
import { EventLog } from '../store/store-events';
import { streamEvents } from './event-stream';

async function take(gen: AsyncGenerator<string>, n: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const next = await gen.next();
    if (next.done) break;
    out.push(next.value);
  }
  return out;
}

describe('streamEvents', () => {
  it('greets, then delivers live events with their ids in order', async () => {
    const log = new EventLog();
    const abort = new AbortController();
    const gen = streamEvents(log, undefined, abort.signal);
    const [hello] = await take(gen, 1);
    expect(hello).toContain('event: hello');
    log.emit(['ses_a'], ['sessions']);
    log.emit(['ses_b'], ['sessions']);
    const events = await take(gen, 2);
    expect(events[0]).toMatch(/^id: 1\nevent: change\ndata: .*"ses_a"/);
    expect(events[1]).toMatch(/^id: 2\n/);
    abort.abort();
    expect((await gen.next()).done).toBe(true);
  });

  it('replays what a reconnecting client missed after its Last-Event-ID', async () => {
    const log = new EventLog();
    for (const id of ['a', 'b', 'c']) log.emit([id], ['sessions']);
    const gen = streamEvents(log, 1, new AbortController().signal);
    const [, ...replayed] = await take(gen, 3);
    expect(replayed.map((e) => e.split('\n')[0])).toEqual(['id: 2', 'id: 3']);
  });

  it('tells a client whose Last-Event-ID is no longer kept to refetch', async () => {
    const log = new EventLog(2);
    for (const id of ['a', 'b', 'c', 'd']) log.emit([id], ['sessions']);
    const gen = streamEvents(log, 0, new AbortController().signal);
    const [, second] = await take(gen, 2);
    expect(second).toContain('event: resync');
  });

  it('tells a slow client to refetch instead of buffering without bound', async () => {
    const log = new EventLog();
    const gen = streamEvents(log, undefined, new AbortController().signal, { maxBuffered: 3 });
    await take(gen, 1);
    for (let i = 0; i < 10; i++) log.emit([`s${i}`], ['sessions']);
    const [next] = await take(gen, 1);
    expect(next).toContain('event: resync');
  });

  it('sends keep-alive comments while nothing happens, and unsubscribes when aborted', async () => {
    const log = new EventLog();
    const abort = new AbortController();
    const gen = streamEvents(log, undefined, abort.signal, { keepAliveMs: 20 });
    await take(gen, 1);
    expect(log.subscriberCount).toBe(1);
    const [ping] = await take(gen, 1);
    expect(ping).toBe(': keep-alive\n\n');
    abort.abort();
    await gen.next();
    expect(log.subscriberCount).toBe(0);
  });
});

describe('streamEvents after a restart', () => {
  it('tells a client whose Last-Event-ID came from an earlier process to refetch, higher or lower than ours', async () => {
    const log = new EventLog(1_000, 5_000);
    log.emit(['a'], ['sessions']);
    for (const stale of [999_999, 42, 0]) {
      const [, second] = await take(streamEvents(log, stale, new AbortController().signal), 2);
      expect(second, `Last-Event-ID ${stale}`).toContain('event: resync');
    }
    const [, replay] = await take(streamEvents(log, 4_999, new AbortController().signal), 2);
    expect(replay).toMatch(/^id: 5000\nevent: change/);
  });
});
