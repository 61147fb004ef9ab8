// `sessionscope export --otlp URL` on the real-agent fixtures of every source, received by a loopback
// OTLP/HTTP receiver that decodes with the official OpenTelemetry packages: what Langfuse, Phoenix or
// a Collector would be handed.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDatabases } from '@/lib/server/config';
import { getStats } from '@/lib/server/queries/get-stats';
import { priceFromConfig } from '@/lib/server/pricing/price-from-config';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import type { SourceKind } from '@/lib/model/source';
import { copyFixture, type FixtureCopy } from '../tools/fixture-dir';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../support/otlp-receiver';
import { fixtureData, freshCache, runExport, type FixtureData } from './otlp-cli';

let copy: FixtureCopy;
let data: FixtureData;
let store: Store;
let closePrices: () => void;
const caches: string[] = [];
const receivers: OtlpReceiver[] = [];

function cache(): string {
  const dir = freshCache();
  caches.push(dir);
  return dir;
}

async function receiver(...args: Parameters<typeof startOtlpReceiver>): Promise<OtlpReceiver> {
  const started = await startOtlpReceiver(...args);
  receivers.push(started);
  return started;
}

beforeAll(async () => {
  copy = await copyFixture('opencode-1.2.27-merged');
  data = fixtureData(copy.dir);
  // What the dashboard shows for the same folders: its readers, its prices.
  store = new Store(createReaders({ ...data, databases: findDatabases(data.opencodeDir) }));
  closePrices = priceFromConfig(store, { follow: false }).close;
  await store.start();
});

afterAll(async () => {
  store?.stop();
  closePrices?.();
  await Promise.all(receivers.map((r) => r.close()));
  for (const dir of caches) rmSync(dir, { recursive: true, force: true });
  await copy?.remove();
});

const sum = (spans: ReceivedSpan[], key: string) => spans.reduce((n, s) => n + Number(s.attributes[key] ?? 0), 0);
const idsOf = (spans: ReceivedSpan[]) => spans.map((s) => `${s.traceId}/${s.spanId}`).sort();

/** The first full export, to a receiver that accepts everything: what the other tests compare with. */
let first: { spans: ReceivedSpan[]; stdout: string; cache: string; receiver: OtlpReceiver };
async function firstExport() {
  if (first) return first;
  const r = await receiver();
  const dir = cache();
  const run = await runExport(data, dir, ['--otlp', r.url]);
  expect(run.code, run.stderr).toBe(0);
  first = { spans: r.accepted(), stdout: run.stdout, cache: dir, receiver: r };
  return first;
}

describe('sessionscope export --otlp (protobuf)', () => {
  it('sends every session of every source, as the dashboard has them', async () => {
    const { spans } = await firstExport();
    const withMessages = [...store.view.allSessions()].filter((s) => [...store.view.messages(s.id)].length > 0);
    const sources = new Set<SourceKind>(withMessages.map((s) => s.source));
    expect([...sources].sort()).toEqual(['claude', 'codex', 'gemini', 'omp', 'opencode-json', 'opencode-sqlite', 'pi']);
    const exported = new Set(spans.map((s) => s.attributes['gen_ai.conversation.id']));
    expect(withMessages.filter((s) => !exported.has(s.id)).map((s) => `${s.source} ${s.id}`)).toEqual([]);
    expect(spans[0]?.resource).toMatchObject({ 'service.name': 'sessionscope', 'host.name': expect.any(String) as string });
  });

  it("sums tokens and recorded cost to the dashboard's totals", async () => {
    const { spans } = await firstExport();
    const chats = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
    const { total } = getStats(store, statsQuerySchema.parse({ groupBy: 'source' }));
    expect(total.messages).toBeGreaterThan(0);
    expect(sum(chats, 'gen_ai.usage.input_tokens')).toBe(total.tokens.input);
    expect(sum(chats, 'gen_ai.usage.output_tokens')).toBe(total.tokens.output);
    expect(sum(chats, 'gen_ai.usage.reasoning.output_tokens')).toBe(total.tokens.reasoning);
    expect(sum(chats, 'gen_ai.usage.cache_read.input_tokens')).toBe(total.tokens.cacheRead);
    expect(sum(chats, 'gen_ai.usage.cache_creation.input_tokens')).toBe(total.tokens.cacheWrite);
    expect(sum(chats, 'gen_ai.usage.cost')).toBeCloseTo(total.storedCost, 9);
    expect(total.storedCost).toBeGreaterThan(0);
    for (const chat of chats) {
      expect(chat.name).toBe(`chat ${String(chat.attributes['gen_ai.request.model'] ?? 'unknown')}`);
      expect(chat.startMs).toBeLessThanOrEqual(chat.endMs);
    }
  });

  it('makes each turn one trace rooted at invoke_agent, every span under a span of its trace', async () => {
    const { spans } = await firstExport();
    const byTrace = new Map<string, ReceivedSpan[]>();
    for (const span of spans) byTrace.set(span.traceId, [...(byTrace.get(span.traceId) ?? []), span]);
    for (const [traceId, trace] of byTrace) {
      const roots = trace.filter((s) => !s.parentSpanId);
      expect(roots.map((s) => s.name.split(' ')[0]), traceId).toEqual(['invoke_agent']);
      const ids = new Set(trace.map((s) => s.spanId));
      expect(trace.filter((s) => s.parentSpanId && !ids.has(s.parentSpanId))).toEqual([]);
      const session = roots[0]!.attributes['session.id'];
      expect(trace.every((s) => s.attributes['session.id'] === session)).toBe(true);
    }
    const tools = spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'execute_tool');
    expect(tools.length).toBeGreaterThan(0);
    for (const tool of tools) expect(tool.name).toBe(`execute_tool ${String(tool.attributes['gen_ai.tool.name'])}`);
    expect(tools.every((t) => typeof t.attributes['gen_ai.tool.call.id'] === 'string')).toBe(true);
  });

  it('nests a subagent under the tool call that started it, in its parent turn\'s trace', async () => {
    const { spans } = await firstExport();
    let linked = 0;
    const linkedSources = new Set<string>();
    for (const child of store.view.allSessions()) {
      if (!child.parentID || !store.view.session(child.parentID) || [...store.view.messages(child.id)].length === 0) continue;
      const childSpans = spans.filter((s) => s.attributes['gen_ai.conversation.id'] === child.id);
      const tops = childSpans.filter((s) => !childSpans.some((p) => p.spanId === s.parentSpanId));
      expect(tops.length).toBeGreaterThan(0);
      // Where the model names the call that started it, the child's turns hang from that call's span.
      const parentMessages = [...store.view.messages(child.parentID)].map((m) => m.id);
      const parts = [...(await store.messageParts(child.parentID, parentMessages)).values()].flatMap((p) => p.parts);
      const call = parts.find((p) => p.type === 'tool' && p.childSessionID === child.id);
      for (const top of tops) {
        const parent = spans.find((s) => s.spanId === top.parentSpanId && s.traceId === top.traceId);
        expect(parent?.attributes['gen_ai.conversation.id'], `${child.source} ${child.id}`).toBe(child.parentID);
        if (call?.type === 'tool') expect(parent?.attributes['gen_ai.tool.call.id']).toBe(call.callID);
      }
      if (call) {
        linked++;
        linkedSources.add(child.source);
      }
    }
    expect(linked).toBeGreaterThan(0);
    expect([...linkedSources].sort()).toEqual(expect.arrayContaining(['claude', 'omp', 'opencode-sqlite']));
  });

  it('sends nothing the second time, and the same ids from a fresh cache', async () => {
    const { spans, cache: dir, receiver: r } = await firstExport();
    const before = r.requests.length;
    const again = await runExport(data, dir, ['--otlp', r.url]);
    expect(again.code, again.stderr).toBe(0);
    expect(r.requests.length).toBe(before);
    expect(again.stdout).toMatch(/^0 turns sent/);
    expect(again.stdout).toContain(`${new Set(spans.map((s) => s.traceId)).size} turns sent before: not sent again`);

    const other = await receiver();
    const fresh = await runExport(data, cache(), ['--otlp', other.url]);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(idsOf(other.accepted())).toEqual(idsOf(spans));
  });

  it('keeps prompt and tool text off the spans unless --export-text', async () => {
    const { spans } = await firstExport();
    expect(spans.some((s) => 'input.value' in s.attributes || 'output.value' in s.attributes)).toBe(false);
    const r = await receiver();
    const run = await runExport(data, cache(), ['--otlp', r.url, '--export-text']);
    expect(run.code, run.stderr).toBe(0);
    const texts = r.accepted().filter((s) => typeof s.attributes['input.value'] === 'string');
    expect(texts.some((s) => s.attributes['gen_ai.operation.name'] === 'invoke_agent')).toBe(true);
    expect(texts.some((s) => s.attributes['gen_ai.operation.name'] === 'execute_tool')).toBe(true);
  });
});

describe('sessionscope export over OTLP/JSON, configured by the standard variables', () => {
  it('sends the same spans as JSON with the headers OTEL_EXPORTER_OTLP_HEADERS names', async () => {
    const { spans } = await firstExport();
    const r = await receiver();
    const run = await runExport(data, cache(), [], {
      OTEL_EXPORTER_OTLP_ENDPOINT: r.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Basic%20cGs6c2s=',
      OTEL_RESOURCE_ATTRIBUTES: 'openinference.project.name=coding-agents,team=platform',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(r.requests.every((q) => q.contentType.startsWith('application/json'))).toBe(true);
    expect(r.requests[0]?.headers.authorization).toBe('Basic cGs6c2s=');
    expect(r.accepted()[0]?.resource).toMatchObject({ 'service.name': 'sessionscope', 'openinference.project.name': 'coding-agents', team: 'platform' });
    expect(idsOf(r.accepted())).toEqual(idsOf(spans));
    const chats = r.accepted().filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
    expect(sum(chats, 'gen_ai.usage.cost')).toBeCloseTo(sum(spans.filter((s) => s.attributes['gen_ai.operation.name'] === 'chat'), 'gen_ai.usage.cost'), 9);
  });
});

describe('exactly once', () => {
  it('still delivers everything once when the receiver answers 503 and 429 with Retry-After first', async () => {
    const { spans } = await firstExport();
    const refusals = [
      { status: 503, headers: { 'retry-after': '1' } },
      { status: 429, headers: { 'retry-after': '1' } },
    ];
    const r = await receiver((n) => refusals[n] ?? { status: 200 });
    const run = await runExport(data, cache(), ['--otlp', r.url, '--batch', '10']);
    expect(run.code, run.stderr).toBe(0);
    expect(r.requests.slice(0, 2).map((q) => q.status)).toEqual([503, 429]);
    expect(idsOf(r.accepted())).toEqual(idsOf(spans));
  });

  it('resumes an interrupted export where the acknowledgements stopped', async () => {
    const { spans } = await firstExport();
    const r = await receiver((n) => (n < 2 ? { status: 200 } : { status: 400 }));
    const dir = cache();
    const stopped = await runExport(data, dir, ['--otlp', r.url, '--batch', '5']);
    expect(stopped.code).toBe(1);
    expect(stopped.stdout).toContain('run it again to resume');
    const partial = r.accepted().length;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(spans.length);

    r.respond = () => ({ status: 200 });
    const resumed = await runExport(data, dir, ['--otlp', r.url, '--batch', '5']);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(idsOf(r.accepted())).toEqual(idsOf(spans));
  });
});
