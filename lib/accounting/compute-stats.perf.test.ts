import { describe, expect, it } from 'vitest';
import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import { computeStats } from './compute-stats';
import type { StatsGroupBy } from './stats-grouping';
import { assistant, session, stepFinish, tokens } from './test-data';

const N = 100_000;
const MODELS = [['anthropic', 'claude-sonnet-4-5'], ['github-copilot', 'claude-sonnet-4.5'], ['openai', 'gpt-5'], ['acme', 'mystery']] as const;
const sessions = Array.from({ length: 2_000 }, (_, i) => session(`s${i}`, i % 4 ? `s${i - (i % 4)}` : undefined, `p${i % 20}`));
const messages: MessageInfo[] = [];
const steps = new Map<string, PartMeta[]>();
for (let i = 0; i < N; i++) {
  const [providerID, modelID] = MODELS[i % MODELS.length]!;
  const t = tokens({ input: 1000 + (i % 7000), output: 200, cacheRead: 30_000 });
  messages.push(assistant({ id: `m${i}`, sessionID: `s${i % sessions.length}`, providerID, modelID, cost: 0.01, tokens: t, time: { created: Date.UTC(2026, 0, 1) + i * 60_000 }, agent: i % 3 ? 'build' : 'Sisyphus - ultraworker' }));
  steps.set(`m${i}`, [stepFinish(`p${i}a`, `m${i}`, 0.004, t), stepFinish(`p${i}b`, `m${i}`, 0.006, t)]);
}

describe('computeStats at 100,000 messages', () => {
  it.each<StatsGroupBy>(['day', 'hour', 'model', 'agent', 'session'])('groups by %s within the budget', (groupBy) => {
    computeStats({ sessions, messages, steps, groupBy, timeZone: 'Europe/Paris' }); // warm-up
    const started = performance.now();
    const { total } = computeStats({ sessions, messages, steps, groupBy, timeZone: 'Europe/Paris', filters: { roots: true } });
    const elapsed = performance.now() - started;
    expect(total.messages).toBe(N);
    expect(total.unpricedMessages).toBe(N / 4);
    // ~100-300 ms on the 2-core CI machine; the budget leaves room for a busy parallel run.
    expect(elapsed).toBeLessThan(2000);
  });
});
