import { describe, expect, it } from 'vitest';
import { describeCost, modelList } from './cost-view';

describe('describeCost', () => {
  it('says "not recorded" where the agent records no cost (Codex CLI, Gemini CLI), never "$0.00", with the API figure beside it', () => {
    const v = describeCost({ cost: 0, costRecorded: 'none', computedCost: 0.042, unpricedModels: [] });
    expect(v.stored).toBe('not recorded');
    expect(v.alt).toBe('API $0.042');
    expect(v.title).toContain('the agent records no cost');
  });

  it('says "partly recorded" when some of the messages come from an agent that records no cost', () => {
    const v = describeCost({ cost: 1.5, costRecorded: 'some', computedCost: 2.25, unpricedModels: [] });
    expect(v.stored).toBe('$1.50');
    expect(v.alt).toBe('API $2.25 · partly recorded');
    expect(v.title).toContain('for the messages whose agent records a cost');
  });

  it('shows only the recorded cost when both read the same', () => {
    const v = describeCost({ cost: 1.234, computedCost: 1.2339, unpricedModels: [] });
    expect(v).toMatchObject({ stored: '$1.23', alt: undefined, partlyUnpriced: false });
    expect(v.title).toContain('Recorded: $1.23');
    expect(v.title).toContain('At API prices: $1.23');
  });

  it('shows the API-equivalent cost beside a subscription $0, and says why on hover', () => {
    const v = describeCost({ cost: 0, computedCost: 4.5, unpricedModels: [] });
    expect(v).toMatchObject({ stored: '$0.00', alt: 'API $4.50' });
    expect(v.title).toMatch(/subscriptions such as GitHub Copilot record \$0/);
    expect(v.title).toMatch(/Codex CLI and Gemini CLI record no cost/);
  });

  it('says "partly unpriced" and names the models without a price', () => {
    const v = describeCost({ cost: 0.43, computedCost: 0.1, unpricedModels: ['scripted/mystery-model-x'] });
    expect(v.alt).toBe('API ≥$0.100 · partly unpriced');
    expect(v.partlyUnpriced).toBe(true);
    expect(v.title).toContain('No price for: scripted/mystery-model-x');
  });

  it('never shows an unknown model as $0 at API prices', () => {
    const v = describeCost({ cost: 0.43, computedCost: 0, unpricedModels: ['scripted/scripted-large'] });
    expect(v.alt).toBe('API: unpriced');
    expect(v.title).not.toMatch(/At API prices: \$0/);
  });
});

describe('modelList', () => {
  it('lists a few names and counts the rest', () => {
    expect(modelList(['a', 'b'])).toBe('a, b');
    expect(modelList(['a', 'b', 'c', 'd'], 2)).toBe('a, b and 2 more');
  });
});
