import { describe, expect, it } from 'vitest';
import { measureMessageInto } from '@/lib/accounting/measure-message';
import { emptyFigure } from '@/lib/accounting/figure';
import { assistant, tokens } from '@/lib/accounting/test-data';
import { sessionFigures } from '@/lib/sessions/session-figures';
import { describeContext } from '@/lib/view/context-view';
import { describeCost } from '@/lib/view/cost-view';
import { contextLimitOf } from './context-limit';
import { configPriceTable } from './config-prices';
import { createConfiguredResolver } from './configured-resolver';
import { createPriceResolver } from './lookup-price';
import { parseJsonc } from './parse-jsonc';

const GLOBAL = '~/.config/opencode/opencode.json';
const globalConfig = configPriceTable(
  parseJsonc(`{
    // a company gateway, priced by hand
    "provider": {
      "scripted": { "models": {
        "scripted-large": { "cost": { "input": 3, "output": 15, "cache_read": 0.3, "cache_write": 3.75 }, "limit": { "context": 200000, "output": 32000 } },
        "limited-only": { "limit": { "context": 64000 } },
        "claude-sonnet-4-5": { "cost": { "input": 0, "output": 0 } },
        "local-free": { "cost": { "input": 0, "output": 0 } },
        "bad": { "cost": { "input": "three" } },
      } },
      "anthropic": { "models": { "claude-sonnet-4-5": { "limit": { "context": 1000000 } } } },
    },
  }`),
  GLOBAL,
);
const projectConfig = configPriceTable({ provider: { scripted: { models: { 'scripted-large': { cost: { input: 1, output: 2 } } } } } }, '/work/beta/opencode.json');

const resolver = createConfiguredResolver({
  base: createPriceResolver(),
  configsFor: (sessionID) => (sessionID === 'ses_beta' ? [projectConfig, globalConfig] : sessionID === 'ses_claude' ? [] : [globalConfig]),
});

describe('prices from opencode.json', () => {
  it('parses JSONC leniently: comments, trailing commas, comment markers inside strings', () => {
    expect(parseJsonc('{ "a": "http://x//y", /* b */ "c": [1, 2,], }')).toEqual({ a: 'http://x//y', c: [1, 2] });
    expect(parseJsonc('{ nope')).toBeUndefined();
  });

  it('prices a configured model at the config price, naming the file; a bad entry is skipped', () => {
    const match = resolver('scripted', 'scripted-large', 'ses_alpha');
    expect(match).toMatchObject({ via: 'config', source: GLOBAL, price: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75, contextLimit: 200_000 } });
    expect(resolver('scripted', 'bad', 'ses_alpha')).toBeUndefined();
    // Without any config models.dev does not know it: unpriced.
    expect(createPriceResolver()('scripted', 'scripted-large')).toBeUndefined();
  });

  it("the project's opencode.json wins over the global one; other agents' sessions are not repriced", () => {
    expect(resolver('scripted', 'scripted-large', 'ses_beta')).toMatchObject({ via: 'config', source: '/work/beta/opencode.json', price: { input: 1, output: 2, cacheRead: 0, contextLimit: 200_000 } });
    expect(resolver('scripted', 'scripted-large', 'ses_claude')).toBeUndefined();
  });

  it('a configured context limit replaces the listed one; models.dev still prices', () => {
    const sonnet = resolver('anthropic', 'claude-sonnet-4-5', 'ses_alpha');
    expect(sonnet?.via).toBe('exact');
    expect(sonnet?.price.contextLimit).toBe(1_000_000);
    expect(sonnet?.price.input).toBe(createPriceResolver()('anthropic', 'claude-sonnet-4-5')?.price.input);
  });

  it('a context limit configured without a price, for a model models.dev does not know, still sizes the context gauge', () => {
    // Unpriced (no price anywhere), yet the limit holds: never "Context unknown" for it.
    expect(resolver('scripted', 'limited-only', 'ses_alpha')).toBeUndefined();
    expect(contextLimitOf(resolver, 'scripted', 'limited-only', 'ses_alpha')).toBe(64_000);
    expect(contextLimitOf(resolver, 'scripted', 'limited-only', 'ses_claude')).toBeUndefined();
    expect(contextLimitOf(resolver, 'anthropic', 'claude-sonnet-4-5', 'ses_alpha')).toBe(1_000_000);
    const prompt = assistant({ id: 'm1', sessionID: 'ses_alpha', providerID: 'scripted', modelID: 'limited-only', cost: 0, tokens: tokens({ input: 16_000 }) });
    const use = sessionFigures([prompt], { prices: resolver }).contextUse;
    expect(use).toMatchObject({ used: 16_000, limit: 64_000, ratio: 0.25 });
    expect(describeContext(use).text).toBe('25%');
  });

  it('a model configured at $0 keeps its API-equivalent price where one exists; else it is free, from the config', () => {
    expect(resolver('scripted', 'claude-sonnet-4-5', 'ses_alpha')?.via).toBe('equivalent');
    expect(resolver('scripted', 'local-free', 'ses_alpha')).toMatchObject({ via: 'config', price: { input: 0, output: 0 } });
  });

  it('a figure says which models the config priced, and the hover names the file', () => {
    const out = emptyFigure();
    measureMessageInto(out, assistant({ id: 'm1', sessionID: 'ses_alpha', providerID: 'scripted', modelID: 'scripted-large', cost: 0, tokens: tokens({ input: 1_000_000 }) }), { prices: resolver });
    expect(out.computedCost).toBeCloseTo(3, 10);
    expect(out.unpricedMessages).toBe(0);
    expect(out.configPriced).toEqual([`scripted/scripted-large (${GLOBAL})`]);
    const view = describeCost({ cost: 0, computedCost: out.computedCost, unpricedModels: [], configPriced: out.configPriced });
    expect(view.alt).toBe('API $3.00');
    expect(view.title).toContain(`Priced from opencode.json: scripted/scripted-large (${GLOBAL})`);
  });
});
