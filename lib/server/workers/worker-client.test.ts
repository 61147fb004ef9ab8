import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { WorkerClient } from './worker-client';

type Request = { id: number; text: string };
type Reply = { id: number; text: string };

/** A worker that answers each request with its text upper-cased, exits on "exit" and stays silent on "hang". */
const ECHO = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (r) => {
  if (r.text === 'exit') process.exit(3);
  if (r.text === 'hang') return;
  parentPort.postMessage({ id: r.id, text: r.text.toUpperCase() });
});`;

function client(timeoutMs = 5_000) {
  const started: Worker[] = [];
  const c = new WorkerClient<Request, Reply>(() => {
    const worker = new Worker(ECHO, { eval: true });
    started.push(worker);
    return worker;
  }, timeoutMs, 50);
  return { c, started };
}

describe('WorkerClient', () => {
  it('answers each request with its own reply, several at once, from one worker', async () => {
    const { c, started } = client();
    const answers = await Promise.all(['a', 'b', 'c'].map((text) => c.ask({ text })));
    expect(answers.map((a) => (typeof a === 'string' ? a : a.text))).toEqual(['A', 'B', 'C']);
    expect(started).toHaveLength(1);
    expect(c.pending).toBe(0);
  });

  it("a worker that dies answers 'failed' to what it held, and the next request starts a new one", async () => {
    const { c, started } = client();
    const [died, held] = await Promise.all([c.ask({ text: 'exit' }), c.ask({ text: 'x' })]);
    expect(died).toBe('failed');
    expect(held).toBe('failed');
    expect(await c.ask({ text: 'again' })).toMatchObject({ text: 'AGAIN' });
    expect(started).toHaveLength(2);
  });

  it("a request not answered in time is 'timeout', the worker ended, and the next request served by a new one", async () => {
    const { c, started } = client(300);
    expect(await c.ask({ text: 'hang' })).toBe('timeout');
    expect(await c.ask({ text: 'after' })).toMatchObject({ text: 'AFTER' });
    expect(started).toHaveLength(2);
  });

  it('ends its worker when idle', async () => {
    const { c, started } = client();
    await c.ask({ text: 'a' });
    const exited = new Promise((resolve) => started[0]?.once('exit', resolve));
    await expect(exited).resolves.toBeDefined();
  });
});
