import { describe, expect, it } from 'vitest';
import { describeContext } from './context-view';

describe('describeContext', () => {
  it('gives the share of the context window with the numbers behind it', () => {
    const v = describeContext({ used: 90_000, limit: 200_000, ratio: 0.45, model: 'anthropic/claude-sonnet-4-5' });
    expect(v).toMatchObject({ text: '45%', ratio: 0.45, level: 'ok' });
    expect(v.detail).toBe('90k of 200k tokens · claude-sonnet-4-5');
    expect(v.title).toBe('Latest request: 90,000 of 200,000 prompt tokens of the claude-sonnet-4-5 context window.');
  });

  it('warns from 80% and caps the gauge at full', () => {
    expect(describeContext({ used: 170_000, limit: 200_000, ratio: 0.85 }).level).toBe('high');
    expect(describeContext({ used: 250_000, limit: 200_000, ratio: 1.25 })).toMatchObject({ text: '125%', ratio: 1 });
  });

  it('says "unknown", never 0%, when the limit is not known', () => {
    const v = describeContext({ used: 8000, model: 'scripted/mystery-model-x' });
    expect(v).toMatchObject({ text: 'unknown', level: 'unknown' });
    expect(v.ratio).toBeUndefined();
    expect(v.detail).toBe('8k tokens · no known limit for mystery-model-x');
    expect(v.title).toContain('context window of mystery-model-x is unknown');
  });

  it('has nothing to say before the first request', () => {
    expect(describeContext(undefined)).toMatchObject({ text: '—', level: 'none' });
  });
});
