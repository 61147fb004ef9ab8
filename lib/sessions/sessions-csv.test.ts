import { describe, expect, it } from 'vitest';
import { makeSummary } from '@/lib/view/test-sessions';
import { parseCsv as parse } from '@/test/support/parse-csv';
import { sessionsToCsv } from './sessions-csv';

describe('sessionsToCsv', () => {
  const copilot = makeSummary({
    id: 'ses_a',
    title: 'Fix, "quoted" bug',
    projectID: 'prj_1',
    cost: 0,
    computedCost: 1.25,
    unpricedModels: [],
    contextUse: { used: 50_000, limit: 128_000, ratio: 50_000 / 128_000, model: 'github-copilot/claude-sonnet-4.5' },
    childCount: 1,
    total: { sessionCount: 2, messageCount: 4, tokens: makeSummary({ id: 'x' }).tokens, cost: 0, computedCost: 2.5, unpricedMessages: 1, unpricedModels: ['acme/mystery'] },
  });
  const unknown = makeSummary({ id: 'ses_b', title: '=HYPERLINK("http://evil")', unpricedMessages: 1, unpricedModels: ['acme/mystery'], contextUse: { used: 900, model: 'acme/mystery' } });

  it('writes one row per session with both costs, own and with subagents', () => {
    const [a] = parse(sessionsToCsv([copilot], new Map([['prj_1', 'webapp']])));
    expect(a).toMatchObject({ id: 'ses_a', title: 'Fix, "quoted" bug', project: 'webapp', stored_cost_usd: '0', computed_cost_usd: '1.25', subagent_sessions: '1' });
    expect(a).toMatchObject({ with_subagents_computed_cost_usd: '2.5', with_subagents_unpriced_models: 'acme/mystery' });
    expect(a).toMatchObject({ context_used_tokens: '50000', context_limit_tokens: '128000', context_model: 'github-copilot/claude-sonnet-4.5' });
  });

  it('names unpriced models, leaves an unknown context limit empty rather than 0, and defuses formulas', () => {
    const [, b] = parse(sessionsToCsv([copilot, unknown]));
    expect(b).toMatchObject({ unpriced_models: 'acme/mystery', context_used_tokens: '900', context_limit_tokens: '', context_use_ratio: '' });
    expect(b?.title).toBe('\'=HYPERLINK("http://evil")');
  });
});
