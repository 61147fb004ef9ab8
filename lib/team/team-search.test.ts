import { describe, expect, it } from 'vitest';
import { matchedFields, searchWords } from './team-search';

describe('team search words', () => {
  it('are the distinct lower-case words, without quotes or a leading minus', () => {
    expect(searchWords('  "Flaky Test"  -opus flaky ')).toEqual(['flaky', 'test', 'opus']);
    expect(searchWords(undefined)).toEqual([]);
  });

  it('say where a session holds them', () => {
    const row = { title: 'Fix the flaky test', directory: '/home/bob/shop', models: ['anthropic/claude-opus-4'], agents: ['build'] };
    expect(matchedFields(row, 'flaky')).toEqual(['title']);
    expect(matchedFields(row, 'shop opus')).toEqual(['folder', 'model']);
    expect(matchedFields(row, 'BUILD')).toEqual(['agent']);
  });
});
