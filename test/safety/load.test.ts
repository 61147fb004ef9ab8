import Database from 'better-sqlite3';
import net from 'node:net';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type StartedServer } from '../support/start-server';
import { copyFixture, sqliteFixture } from './support/fixture-copies';
import { get, getJson, openEventStream, sseParser, type SseEvent } from './support/http';
import { rssOf, sequenceProblems } from './support/sse-checks';

const CLIENTS = 50;
const PARTS_PER_SECOND = 200;
const WRITE_SECONDS = 5;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An SSE client that never reads: its socket is paused, so the server meets backpressure. */
function openSlowClient(port: number): { socket: net.Socket; readAll(): Promise<SseEvent[]> } {
  const socket = net.connect({ host: '127.0.0.1', port });
  socket.write(`GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept: text/event-stream\r\n\r\n`);
  socket.pause();
  return {
    socket,
    async readAll() {
      const events: SseEvent[] = [];
      let headerDone = false;
      let head = '';
      const parse = sseParser((event) => events.push(event));
      // Chunked transfer framing lines look like blank-free hex lengths: strip them.
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        if (!headerDone) {
          head += chunk;
          const end = head.indexOf('\r\n\r\n');
          if (end < 0) return;
          headerDone = true;
          chunk = head.slice(end + 4);
        }
        parse(chunk.replace(/(^|\r\n)[0-9a-f]+\r\n/g, '$1').replace(/\r\n/g, ''));
      });
      socket.resume();
      await sleep(1_500);
      socket.destroy();
      return events;
    },
  };
}

describe('under load', () => {
  let server: StartedServer | undefined;
  let writer: Database.Database | undefined;
  afterAll(async () => {
    writer?.close();
    await server?.stop();
  });

  it(`${CLIENTS} SSE clients and a slow one, while ${PARTS_PER_SECOND} parts/s are written for ${WRITE_SECONDS} s`, async () => {
    const opencodeDir = copyFixture(sqliteFixture(), 'opencode');
    const dbPath = path.join(opencodeDir, 'opencode.db');
    // OpenCode's own connection: WAL, busy timeout; it stays open, so the dashboard follows the log.
    writer = new Database(dbPath);
    writer.pragma('journal_mode = WAL');
    writer.pragma('busy_timeout = 5000');
    const target = writer.prepare('SELECT m.id AS messageID, m.session_id AS sessionID FROM message m ORDER BY m.time_created DESC LIMIT 1').get() as { messageID: string; sessionID: string };
    expect(target).toBeDefined();

    server = await startServer({ opencodeDir });
    const base = server.url;
    for (let i = 0; i < 100; i++) {
      if ((await getJson<{ index: { phase: string } }>(`${base}/api/health`)).index.phase === 'ready') break;
      await sleep(100);
    }
    // Warm every route once, so the memory baseline includes Next's lazily loaded bundles.
    for (const p of ['/api/sessions', '/api/health', `/api/sessions/${target.sessionID}`, '/api/stats', '/api/projects']) await get(`${base}${p}`);
    const clients = Array.from({ length: CLIENTS }, () => openEventStream(`${base}/api/events`));
    expect(await Promise.all(clients.map((c) => c.opened))).toEqual(Array(CLIENTS).fill(200));
    const slow = openSlowClient(server.port);
    await sleep(500);
    const rssBefore = rssOf(server.pid);

    const insert = writer.prepare('INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?)');
    let written = 0;
    const perTick = PARTS_PER_SECOND / 20;
    const ticker = setInterval(() => {
      const now = Date.now();
      writer?.transaction(() => {
        for (let i = 0; i < perTick; i++, written++) {
          const id = `prt_load${String(written).padStart(8, '0')}`;
          insert.run(id, target.messageID, target.sessionID, now, now, JSON.stringify({ type: 'text', text: `load ${written} ${'x'.repeat(200)}` }));
        }
      })();
    }, 50);
    const latencies: number[] = [];
    const deadline = Date.now() + WRITE_SECONDS * 1_000;
    while (Date.now() < deadline) {
      for (const p of ['/api/sessions', '/api/health', `/api/sessions/${target.sessionID}`]) {
        const reply = await get(`${base}${p}`);
        expect(reply.status, p).toBe(200);
        latencies.push(reply.ms);
      }
      await sleep(250);
    }
    clearInterval(ticker);
    await sleep(1_500);

    const finalId = (await getJson<{ eventId: number }>(`${base}/api/health`)).eventId;
    const rssAfter = rssOf(server.pid);
    for (const client of clients) client.close();
    const slowEvents = await slow.readAll();

    expect(written).toBeGreaterThanOrEqual(PARTS_PER_SECOND * WRITE_SECONDS * 0.8);
    expect(Math.max(...latencies), `API latencies (ms): ${latencies.join(',')}`).toBeLessThan(2_000);
    for (const [i, client] of clients.entries()) {
      const changes = client.events.filter((e) => e.event === 'change');
      expect(sequenceProblems(client.events), `client ${i}`).toEqual([]);
      expect(client.events.filter((e) => e.event === 'resync'), `client ${i}`).toEqual([]);
      expect(changes.length, `client ${i}`).toBeGreaterThanOrEqual(5);
      // Nobody waits for the slow client: every fast one has seen the newest event.
      expect(client.events.at(-1)?.id, `client ${i}`).toBe(finalId);
    }
    expect(clients[0]?.events.some((e) => e.event === 'change' && e.data.includes(target.sessionID))).toBe(true);
    // The slow client, once it reads, gets a sound stream: gapless, or resumed after a resync.
    expect(slowEvents.length).toBeGreaterThan(0);
    expect(sequenceProblems(slowEvents)).toEqual([]);
    expect(rssAfter - rssBefore, `RSS ${rssBefore} -> ${rssAfter}`).toBeLessThan(150 * 1024 * 1024);
    const detail = await getJson<{ parts?: unknown[]; messages?: unknown[] }>(`${base}/api/sessions/${target.sessionID}`);
    expect(JSON.stringify(detail)).toContain(`prt_load${String(written - 1).padStart(8, '0')}`);
  }, 180_000);
});
