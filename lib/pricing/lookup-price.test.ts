import { describe, expect, it } from 'vitest';
import { bundledPriceTable } from './bundled-prices';
import { createPriceResolver, lookupPrice } from './lookup-price';
import { priceTableOf } from './price-table';

// A small table with the cases that matter, independent of the bundled data.
const table = priceTableOf({
  source: 'test',
  sources: [],
  dataDate: '2026-01-01',
  generated: '2026-01-01',
  format: '',
  providers: {
    anthropic: { 'claude-sonnet-4-5': [3, 15, 0.3, 3.75, 1_000_000], 'claude-sonnet-4-20250514': [3, 15, 0.3, 3.75, 200_000] },
    openai: { 'gpt-4o': [2.5, 10, 1.25, 0, 128_000], 'gpt-4o-2024-05-13': [5, 15, 0, 0, 128_000] },
    'github-copilot': { 'claude-sonnet-4.5': [0, 0, 0, 0, 128_000], 'gpt-4o': [0, 0, 0, 0, 64_000] },
    openrouter: { 'anthropic/claude-sonnet-4.5': [3.3, 16, 0.33, 4, 1_000_000], 'vendor/free-model:free': [0, 0, 0, 0, null] },
    google: { 'gemini-2.5-pro': [1.25, 10, 0.125, 0, 1_048_576, [2.5, 15, 0.25, null]] },
  },
});

describe('lookupPrice', () => {
  it('finds a provider listing exactly', () => {
    expect(lookupPrice('anthropic', 'claude-sonnet-4-5', table)).toMatchObject({ via: 'exact', providerID: 'anthropic', price: { input: 3, contextLimit: 1_000_000 } });
    expect(lookupPrice('openrouter', 'anthropic/claude-sonnet-4.5', table)?.price.input).toBe(3.3);
  });

  it('finds variant spellings within the provider', () => {
    expect(lookupPrice('anthropic', 'claude-sonnet-4.5', table)).toMatchObject({ via: 'alias', modelID: 'claude-sonnet-4-5' });
    expect(lookupPrice('anthropic', 'claude-sonnet-4-0', table)).toMatchObject({ via: 'alias', modelID: 'claude-sonnet-4-20250514' });
  });

  it('prices subscription ($0) listings at the API equivalent, keeping their context limit', () => {
    const match = lookupPrice('github-copilot', 'claude-sonnet-4.5', table);
    expect(match).toMatchObject({ via: 'equivalent', providerID: 'anthropic', modelID: 'claude-sonnet-4-5' });
    expect(match?.price).toMatchObject({ input: 3, output: 15, contextLimit: 128_000 });
  });

  it('prefers the maker, then the exact dated id, then the canonical one', () => {
    expect(lookupPrice('github-copilot', 'gpt-4o', table)).toMatchObject({ providerID: 'openai', modelID: 'gpt-4o' });
    expect(lookupPrice('proxy', 'gpt-4o-2024-05-13', table)).toMatchObject({ providerID: 'openai', modelID: 'gpt-4o-2024-05-13' });
    expect(lookupPrice(undefined, 'claude-sonnet-4-5', table)).toMatchObject({ via: 'equivalent', providerID: 'anthropic' });
  });

  it('keeps the over-200K tier, a missing tier rate falling back to the base one', () => {
    expect(lookupPrice('google', 'gemini-2.5-pro', table)?.price.over200k).toEqual({ input: 2.5, output: 15, cacheRead: 0.25, cacheWrite: 0 });
  });

  it('reports free models as free, unknown ones as unpriced', () => {
    expect(lookupPrice('openrouter', 'vendor/free-model:free', table)).toMatchObject({ via: 'free', price: { input: 0 } });
    expect(lookupPrice('anthropic', 'claude-nonexistent-9', table)).toBeUndefined();
    expect(lookupPrice('anthropic', undefined, table)).toBeUndefined();
    expect(lookupPrice('anthropic', '', table)).toBeUndefined();
  });

  it('memoises through a resolver', () => {
    const resolve = createPriceResolver(table);
    expect(resolve('github-copilot', 'claude-sonnet-4.5')).toBe(resolve('github-copilot', 'claude-sonnet-4.5'));
    expect(resolve('x', 'unknown')).toBeUndefined();
  });
});

describe('the bundled table', () => {
  it.each([
    ['anthropic', 'claude-sonnet-4-5', 'anthropic'],
    ['github-copilot', 'claude-sonnet-4.5', 'anthropic'],
    ['github-copilot', 'claude-sonnet-4', 'anthropic'],
    ['amazon-bedrock', 'us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'amazon-bedrock'],
    ['openai', 'gpt-5', 'openai'],
    ['google', 'gemini-2.5-pro', 'google'],
    ['deepseek', 'deepseek-chat', 'deepseek'],
    ['xai', 'grok-4', 'xai'],
    ['mistral', 'devstral-medium-latest', 'mistral'],
    ['groq', 'llama-3.3-70b-versatile', 'groq'],
    ['openrouter', 'anthropic/claude-sonnet-4.5', 'openrouter'],
  ])('prices %s/%s (from %s)', (providerID, modelID, from) => {
    const match = lookupPrice(providerID, modelID, bundledPriceTable());
    expect(match?.providerID).toBe(from);
    expect(match?.price.input).toBeGreaterThan(0);
    expect(match?.price.contextLimit).toBeGreaterThan(0);
  });

  it('records where and when its data is from', () => {
    const t = bundledPriceTable();
    expect(t.source).toMatch(/models\.dev/);
    expect(t.dataDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
