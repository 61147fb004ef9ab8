// The dashboard with `--otlp URL` (lib/server/export/otlp/follow-otlp-export.ts, as get-store starts it):
// every finished turn once the first read is done, then each new turn as its session changes, none twice.
import { appendFileSync, cpSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { followOtlpExport, type OtlpFollower } from '@/lib/server/export/otlp/follow-otlp-export';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { startOtlpReceiver, type OtlpReceiver } from '../support/otlp-receiver';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
let cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

async function followPi(receiver: OtlpReceiver, timing = { settleMs: 200, recheckMs: 60_000 }): Promise<{ store: Store; follower: OtlpFollower; dir: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-otlp-follow-'));
  cpSync(path.join(fixtures, 'pi-0.73.1', 'sessions'), dir, { recursive: true });
  const store = new Store(createReaders({ opencodeDir: path.join(dir, 'none'), databases: [], piDir: dir }));
  const follower = followOtlpExport(store, store.start(), { SESSIONSCOPE_OTLP: receiver.url }, timing);
  if (!follower) throw new Error('no follower');
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }), () => store.stop(), () => follower.stop());
  return { store, follower, dir };
}

const traceIds = (receiver: OtlpReceiver) => new Set(receiver.accepted().map((s) => s.traceId));

it('sends every finished turn once the first read is done, then a new turn alone when it is written', async () => {
  const receiver = await startOtlpReceiver();
  cleanup.push(() => receiver.close());
  const { store, follower, dir } = await followPi(receiver);
  await follower.idle();
  const sessions = [...store.view.allSessions()].filter((s) => [...store.view.messages(s.id)].length > 0);
  const exported = new Set(receiver.accepted().map((s) => s.attributes['gen_ai.conversation.id']));
  expect(sessions.length).toBeGreaterThan(0);
  expect(sessions.every((s) => exported.has(s.id))).toBe(true);
  const before = traceIds(receiver);
  const spansBefore = receiver.accepted().length;

  // The person asks again in a session: pi appends the prompt and the reply.
  const folder = path.join(dir, '--tmp-sessionscope-fixture-pi-0.73.1-alpha--');
  const file = path.join(folder, readdirSync(folder).find((f) => f.includes('01a2040a-d632'))!);
  const at = Date.parse('2026-11-22T16:20:00.000Z');
  appendFileSync(
    file,
    `${JSON.stringify({ type: 'message', id: 'f0110001', parentId: 'b496a776', timestamp: new Date(at).toISOString(), message: { role: 'user', content: [{ type: 'text', text: 'Third question.' }], timestamp: at } })}\n` +
      `${JSON.stringify({ type: 'message', id: 'f0110002', parentId: 'f0110001', timestamp: new Date(at + 900).toISOString(), message: { role: 'assistant', content: [{ type: 'text', text: 'Third answer.' }], api: 'openai-completions', provider: 'scripted', model: 'scripted-small', usage: { input: 123, output: 45, cacheRead: 0, cacheWrite: 0, totalTokens: 168, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.000789 } }, stopReason: 'stop', timestamp: at + 900 } })}\n`,
  );
  // As the watcher hands it over.
  await store.absorb(store.indexes.find((i) => i.reader.kind === 'pi')!, [file]);
  await follower.idle();

  const added = receiver.accepted().slice(spansBefore);
  expect(new Set(added.map((s) => s.traceId)).size).toBe(1);
  expect(before.has(added[0]!.traceId)).toBe(false);
  const chat = added.find((s) => s.attributes['gen_ai.operation.name'] === 'chat');
  expect(chat?.attributes).toMatchObject({ 'gen_ai.usage.input_tokens': 123, 'gen_ai.usage.output_tokens': 45, 'gen_ai.usage.cost': 0.000789 });
  // Real times: the turn from the prompt, the request from the reply's record.
  expect(added.find((s) => !s.parentSpanId)?.startMs).toBe(at);
  expect(chat?.startMs).toBe(at + 900);
});

it('holds a turn back while it runs, and sends it whole once it finished', async () => {
  const receiver = await startOtlpReceiver();
  cleanup.push(() => receiver.close());
  const { store, follower, dir } = await followPi(receiver);
  await follower.idle();
  const spansBefore = receiver.accepted().length;
  const folder = path.join(dir, '--tmp-sessionscope-fixture-pi-0.73.1-alpha--');
  const file = path.join(folder, readdirSync(folder).find((f) => f.includes('01a2040a-d632'))!);
  const pi = store.indexes.find((i) => i.reader.kind === 'pi')!;
  const now = Date.now();
  // A prompt just written, no reply yet: the dashboard shows the session busy.
  appendFileSync(file, `${JSON.stringify({ type: 'message', id: 'f0220001', parentId: 'b496a776', timestamp: new Date(now).toISOString(), message: { role: 'user', content: [{ type: 'text', text: 'Still thinking?' }], timestamp: now } })}\n`);
  await store.absorb(pi, [file]);
  await follower.idle();
  expect(store.summaryMap().get('01a2040a-d632-71da-8dd1-e8f99a425f2e')?.status.status).toBe('busy');
  expect(receiver.accepted().length).toBe(spansBefore);

  appendFileSync(file, `${JSON.stringify({ type: 'message', id: 'f0220002', parentId: 'f0220001', timestamp: new Date(now + 500).toISOString(), message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }], api: 'openai-completions', provider: 'scripted', model: 'scripted-small', usage: { input: 7, output: 3, cacheRead: 0, cacheWrite: 0, totalTokens: 10, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0.0001 } }, stopReason: 'stop', timestamp: now + 500 } })}\n`);
  await store.absorb(pi, [file]);
  await follower.idle();
  const added = receiver.accepted().slice(spansBefore);
  expect(new Set(added.map((s) => s.traceId)).size).toBe(1);
  expect(added.map((s) => s.name).sort()).toEqual(['chat scripted-small', 'invoke_agent pi']);
});

it('keeps trying an endpoint that is down, and sends what it missed once it answers', async () => {
  let down = true;
  const receiver = await startOtlpReceiver(() => (down ? { status: 400 } : { status: 200 }));
  cleanup.push(() => receiver.close());
  const { follower } = await followPi(receiver, { settleMs: 200, recheckMs: 300 });
  await follower.idle();
  expect(receiver.accepted()).toEqual([]);
  expect(receiver.requests.length).toBeGreaterThan(0);
  const refused = new Set(receiver.requests.flatMap((r) => r.spans.map((s) => s.spanId)));
  down = false;
  await expect.poll(() => receiver.accepted().length).toBeGreaterThan(0);
  // Everything refused arrives, once.
  const accepted = receiver.accepted().map((s) => s.spanId);
  expect(new Set(accepted).size).toBe(accepted.length);
  expect([...refused].every((id) => accepted.includes(id))).toBe(true);
});
