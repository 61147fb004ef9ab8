import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

describe('formatBytes', () => {
  it('reads as a person would say it', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(3_500)).toBe('3.4 KB');
    expect(formatBytes(110_708)).toBe('108 KB');
    expect(formatBytes(2_200_000)).toBe('2.1 MB');
  });
});
