import { describe, expect, it } from 'vitest';
import { claudeContextWindow } from './claude-context-window';
import type { ClaudeLine } from './claude-schema';

const request = (betas: string[], model = 'claude-sonnet-4-5'): ClaudeLine => ({ type: 'api-request', params: { model, betas } });

describe('claudeContextWindow', () => {
  it('is 200,000 unless a request carried the 1M-context beta or the [1m] alias', () => {
    expect(claudeContextWindow([request(['claude-code-20250219', 'interleaved-thinking-2025-05-14'])])).toBe(200_000);
    expect(claudeContextWindow([])).toBe(200_000);
    expect(claudeContextWindow([request(['claude-code-20250219', 'context-1m-2025-08-07'])])).toBe(1_000_000);
    expect(claudeContextWindow([request([], 'claude-sonnet-4-5[1m]')])).toBe(1_000_000);
    expect(claudeContextWindow([{ type: 'assistant', message: { model: 'claude-sonnet-4-5[1m]' } }])).toBe(1_000_000);
  });
});
