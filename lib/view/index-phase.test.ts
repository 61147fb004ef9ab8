import { describe, expect, it } from 'vitest';
import { stillCounting, stillReading } from './index-phase';

describe('index phase', () => {
  it('figures stop "counting…" once every message is in, while statuses still wait for the first read to end', () => {
    expect(stillCounting({ phase: 'indexing' })).toBe(true);
    expect(stillCounting({ phase: 'indexing', figuresComplete: false })).toBe(true);
    expect(stillCounting({ phase: 'indexing', figuresComplete: true })).toBe(false);
    expect(stillReading({ phase: 'indexing', figuresComplete: true })).toBe(true);
    expect(stillCounting({ phase: 'ready' })).toBe(false);
    expect(stillReading({ phase: 'ready' })).toBe(false);
    expect(stillCounting(undefined)).toBe(false);
  });
});
