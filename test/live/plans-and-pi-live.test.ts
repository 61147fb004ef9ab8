// The built dashboard following an oh-my-opencode plan and a pi session as they are written:
// the API answers the new numbers and the event stream says what changed, with no restart.
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlansResponse, SessionDetail } from '@/lib/view/api-types';
import { openEventStream } from '../support/sse-client';
import { startServer, type StartedServer } from '../support/start-server';

const FIXTURES = path.resolve(import.meta.dirname, '..', 'fixtures');
const PI_SESSION = '1f9d2a6b9c0d1234';
const PI_FILE = path.join('--home-dev-webapp--', `2026-02-16T10-20-30-000Z_${PI_SESSION}.jsonl`);

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Polls until `read` returns a value `done` accepts; fails with the last value seen. */
async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!done(last)) {
    if (Date.now() > deadline) throw new Error(`gave up waiting; last value: ${JSON.stringify(last).slice(0, 500)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}

describe('live: plans and pi sessions', () => {
  let root: string;
  let shop: string;
  let piDir: string;
  let server: StartedServer;
  const planOf = (plans: PlansResponse, name: string) => plans.plans.find((p) => p.planName === name);
  const plans = () => getJson<PlansResponse>(`${server.url}/api/plans`);

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-live-plans-'));
    shop = path.join(root, 'shop');
    piDir = path.join(root, 'pi');
    cpSync(path.join(FIXTURES, 'plans', 'v2-both'), shop, { recursive: true });
    cpSync(path.join(FIXTURES, 'plans', 'v1-snake'), path.join(root, 'auth'), { recursive: true });
    cpSync(path.join(FIXTURES, 'pi', 'sessions'), piDir, { recursive: true });
    server = await startServer({ opencodeDir: path.join(root, 'no-opencode'), piDir, projects: [shop, path.join(root, 'auth')] });
  });

  afterAll(async () => {
    await server?.stop();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('checking a box in a plan file updates /api/plans and sends a plans event', async () => {
    const before = await waitFor(plans, (p) => planOf(p, 'perf-pass')?.progress !== undefined && planOf(p, 'auth-refactor') !== undefined);
    expect(planOf(before, 'perf-pass')?.progress).toMatchObject({ done: 1, total: 4, current: { text: '2. Cache the project lookup' } });
    expect(planOf(before, 'auth-refactor')?.progress).toMatchObject({ done: 2, total: 4 });

    const stream = openEventStream(`${server.url}/api/events`);
    try {
      await stream.opened;
      await waitFor(async () => stream.events.length, (n) => n > 0); // the hello
      const planFile = path.join(shop, '.omo', 'plans', 'perf-pass.md');
      // oh-my-opencode rewrites the file in place.
      writeFileSync(planFile, readFileSync(planFile, 'utf8').replace('- [ ] 2. Cache the project lookup', '- [x] 2. Cache the project lookup'));

      const after = await waitFor(plans, (p) => planOf(p, 'perf-pass')?.progress?.done === 2);
      expect(planOf(after, 'perf-pass')?.progress).toMatchObject({ done: 2, total: 4, current: { text: '3. Batch the part reads' } });
      expect(planOf(after, 'auth-refactor')?.progress).toMatchObject({ done: 2, total: 4 });
      const change = await waitFor(
        async () => stream.events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data) as { topics: string[] }),
        (changes) => changes.some((c) => c.topics.includes('plans')),
        5_000,
      );
      expect(change.find((c) => c.topics.includes('plans'))).toMatchObject({ topics: ['plans'] });
    } finally {
      stream.close();
    }
  });

  it('a boulder edit (work completed) shows in /api/plans', async () => {
    const boulderFile = path.join(shop, '.omo', 'boulder.json');
    const boulder = JSON.parse(readFileSync(boulderFile, 'utf8')) as { works: Record<string, { status: string; ended_at?: string }> };
    boulder.works.wk_perf = { ...boulder.works.wk_perf!, status: 'completed', ended_at: '2026-06-11T08:00:00.000Z' };
    writeFileSync(boulderFile, JSON.stringify(boulder, null, 2));
    const after = await waitFor(plans, (p) => planOf(p, 'perf-pass')?.work?.status === 'completed');
    expect(planOf(after, 'perf-pass')?.work?.endedAt).toBe(Date.parse('2026-06-11T08:00:00.000Z'));
  });

  it('appending a reply to a pi session file updates its messages and tokens, and sends an event naming it', async () => {
    const detail = () => getJson<SessionDetail>(`${server.url}/api/sessions/${PI_SESSION}`);
    const before = (await waitFor(detail, (d) => d.session.messageCount > 0)).session;
    const stream = openEventStream(`${server.url}/api/events`);
    try {
      await stream.opened;
      await waitFor(async () => stream.events.length, (n) => n > 0);
      const entry = {
        type: 'message',
        id: 'a0000021',
        parentId: 'a0000020',
        timestamp: '2026-02-16T10:25:00.000Z',
        message: {
          role: 'assistant',
          api: 'anthropic-messages',
          provider: 'anthropic',
          model: 'claude-sonnet-4-5',
          content: [{ type: 'text', text: 'Also added a regression test for the cookie path.' }],
          usage: { input: 1_000, output: 50, cacheRead: 0, cacheWrite: 0, totalTokens: 1_050, cost: { input: 0.003, output: 0.00075, cacheRead: 0, cacheWrite: 0, total: 0.00375 } },
          stopReason: 'stop',
          timestamp: 1771237500000,
        },
      };
      appendFileSync(path.join(piDir, PI_FILE), `${JSON.stringify(entry)}\n`);

      const after = (await waitFor(detail, (d) => d.session.messageCount === before.messageCount + 1)).session;
      expect(after.tokens.input).toBe(before.tokens.input + 1_000);
      expect(after.tokens.output).toBe(before.tokens.output + 50);
      expect(after.cost).toBeCloseTo(before.cost + 0.00375, 9);
      const changed = await waitFor(
        async () => stream.events.filter((e) => e.event === 'change').map((e) => JSON.parse(e.data) as { sessions: string[] }),
        (changes) => changes.some((c) => c.sessions.includes(PI_SESSION)),
        5_000,
      );
      expect(changed.some((c) => c.sessions.includes(PI_SESSION))).toBe(true);
    } finally {
      stream.close();
    }
  });
});
