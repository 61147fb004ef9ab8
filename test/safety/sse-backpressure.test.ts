import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { pipeToNodeResponse } from 'next/dist/server/pipe-readable';
import { describe, expect, it } from 'vitest';
import { streamEvents, toEventResponseStream } from '@/lib/server/events/event-stream';
import { EventLog } from '@/lib/server/store/store-events';
import { openEventStream, sseParser, type SseEvent } from './support/http';
import { sequenceProblems } from './support/sse-checks';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The body of a raw HTTP/1.1 response with chunked transfer encoding, handed on as it arrives. The
 * socket's reads cut anywhere (a chunk's size line too): the framing is undone with state kept
 * between reads, not per read (a size line split across two reads once left its digits in an
 * event and lost it).
 */
function chunkedBody(onText: (text: string) => void): (data: string) => void {
  let buffer = '';
  let inHead = true;
  let left = 0;
  return (data) => {
    buffer += data;
    for (;;) {
      if (inHead) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        buffer = buffer.slice(end + 4);
        inHead = false;
      }
      if (left > 0) {
        const take = buffer.slice(0, left);
        buffer = buffer.slice(take.length);
        left -= take.length;
        onText(Buffer.from(take, 'latin1').toString('utf8'));
        if (left > 0) return;
        continue;
      }
      // Between chunks: the CRLF that ends the last one (if any), then the next size line.
      if (buffer.startsWith('\r\n')) buffer = buffer.slice(2);
      const line = buffer.indexOf('\r\n');
      if (line < 0) return;
      left = parseInt(buffer.slice(0, line), 16);
      buffer = buffer.slice(line + 2);
      if (!(left > 0)) return;
    }
  };
}

/**
 * The load test cannot produce enough events in seconds to fill a paused client's socket buffers
 * (megabytes on loopback). Here the real event stream goes through Next's own response pipe
 * (`pipeToNodeResponse`, what route handlers use) and an in-process event log is flooded instead.
 */
describe('a client that stops reading the event stream', () => {
  it('gets a resync instead of unbounded buffering, and does not hold up the others', async () => {
    const log = new EventLog();
    const responses: http.ServerResponse[] = [];
    const server = http.createServer((req, res) => {
      const controller = new AbortController();
      res.on('close', () => controller.abort());
      responses.push(res);
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      void pipeToNodeResponse(toEventResponseStream(streamEvents(log, undefined, controller.signal, { keepAliveMs: 60_000 })), res);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const fast = openEventStream(`http://127.0.0.1:${port}/`);
      expect(await fast.opened).toBe(200);
      const slow = net.connect({ host: '127.0.0.1', port });
      slow.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      slow.pause();
      await sleep(200);
      expect(log.subscriberCount).toBe(2);

      // ~4 KB per event, 4,000 events: 16 MB, several times what the socket buffers hold.
      const sessions = Array.from({ length: 100 }, (_, i) => `ses_${String(i).padStart(36, '0')}`);
      const heapBefore = process.memoryUsage().heapUsed;
      let maxBuffered = 0;
      for (let i = 0; i < 4_000; i++) {
        log.emit(sessions, ['sessions']);
        if (i % 50 === 0) {
          await sleep(5);
          for (const res of responses) maxBuffered = Math.max(maxBuffered, res.writableLength);
        }
      }
      await sleep(1_000);
      const heapGrowth = process.memoryUsage().heapUsed - heapBefore;

      // The fast client got every event, in order, no resync.
      const fastChanges = fast.events.filter((e) => e.event === 'change');
      expect(fastChanges.length).toBe(4_000);
      expect(sequenceProblems(fast.events)).toEqual([]);
      expect(fast.events.some((e) => e.event === 'resync')).toBe(false);
      // Nothing piles up in Node's response buffers: Next waits for 'drain', so the generator is not pulled.
      expect(maxBuffered).toBeLessThan(1024 * 1024);
      expect(heapGrowth).toBeLessThan(64 * 1024 * 1024);

      // When the slow client reads at last, it is told to refetch, then follows live again.
      const slowEvents: SseEvent[] = [];
      const parse = sseParser((event) => slowEvents.push(event));
      const body = chunkedBody(parse);
      slow.setEncoding('latin1');
      slow.on('data', body);
      slow.resume();
      await sleep(1_500);
      log.emit(['ses_after'], ['sessions']);
      await sleep(300);
      expect(slowEvents.some((e) => e.event === 'resync')).toBe(true);
      expect(slowEvents.filter((e) => e.event === 'change').length).toBeLessThan(4_000);
      expect(sequenceProblems(slowEvents)).toEqual([]);
      expect(slowEvents.at(-1)).toMatchObject({ event: 'change', id: log.lastId });
      slow.destroy();
      fast.close();
      await sleep(100);
      expect(log.subscriberCount).toBe(0);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
