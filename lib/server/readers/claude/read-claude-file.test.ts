import { describe, expect, it } from 'vitest';
import { lastCostState } from './read-claude-file';

const cost = (usd: number) => JSON.stringify({ type: 'cost-state', totalCostUSD: usd, modelUsage: { m: { inputTokens: 1, outputTokens: 2, cacheReadInputTokens: 0, cacheCreationInputTokens: 0, costUSD: usd } } });

describe('lastCostState', () => {
  it('is the last complete cost-state line, a half-written one and look-alikes inside other lines passed over', () => {
    const lines = [cost(1), '{"type":"user","message":{"content":"{\\"type\\":\\"cost-state\\"}"}}', cost(2), `${cost(3).slice(0, 20)}`];
    expect(lastCostState(Buffer.from(lines.join('\n')))?.totalCostUSD).toBe(2);
    expect(lastCostState(Buffer.from(`${cost(5)}\n`))?.totalCostUSD).toBe(5);
    expect(lastCostState(Buffer.from('{"type":"user"}\n'))).toBeUndefined();
  });
});
