import { describe, expect, it } from 'vitest';
import { facetValues } from './facets';
import { makeSummary } from './test-sessions';

describe('facetValues', () => {
  it('lists models, agents and source families by use', () => {
    const out = facetValues([
      makeSummary({ id: 'a', models: ['m1', 'm2'], agents: ['build'] }),
      makeSummary({ id: 'b', models: ['m2', 'm2'], agents: ['plan', 'build', ''], source: 'pi' }),
      makeSummary({ id: 'c', source: 'opencode-sqlite' }),
    ]);
    expect(out.models).toEqual(['m2', 'm1']);
    expect(out.agents).toEqual(['build', 'plan']);
    expect(out.sources).toEqual(['opencode', 'pi']);
  });
});
