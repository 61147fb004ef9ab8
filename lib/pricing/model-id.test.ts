import { describe, expect, it } from 'vitest';
import { normaliseModelId } from './model-id';

describe('normaliseModelId', () => {
  it.each([
    ['claude-sonnet-4-5', 'claude-sonnet-4-5'],
    ['claude-sonnet-4.5', 'claude-sonnet-4-5'],
    ['Claude-Sonnet-4.5', 'claude-sonnet-4-5'],
    ['claude-sonnet-4-5-20250929', 'claude-sonnet-4-5'],
    ['anthropic/claude-sonnet-4.5', 'claude-sonnet-4-5'],
    ['~anthropic/claude-opus-latest', 'claude-opus'],
    ['us.anthropic.claude-sonnet-4-5-20250929-v1:0', 'claude-sonnet-4-5'],
    ['anthropic.claude-3-7-sonnet-20250219-v1:0', 'claude-3-7-sonnet'],
    ['claude-sonnet-4-5@20250929', 'claude-sonnet-4-5'],
    ['claude-opus-4-8@default', 'claude-opus-4-8'],
    ['claude-3-7-sonnet-latest', 'claude-3-7-sonnet'],
    ['claude-sonnet-4-0', 'claude-sonnet-4'],
    ['claude-opus-41', 'claude-opus-4-1'],
    ['deepseek/deepseek-r1:free', 'deepseek-r1'],
    ['gpt-4o-2024-08-06', 'gpt-4o'],
    ['gpt-5.1-codex', 'gpt-5-1-codex'],
    ['o4-mini', 'o4-mini'],
  ])('%s -> %s', (raw, normalised) => {
    expect(normaliseModelId(raw)).toBe(normalised);
  });

  it('is idempotent', () => {
    for (const id of ['claude-sonnet-4.5', 'us.anthropic.claude-opus-4-1-20250805-v1:0', 'gpt-4.1-mini']) {
      expect(normaliseModelId(normaliseModelId(id))).toBe(normaliseModelId(id));
    }
  });
});
