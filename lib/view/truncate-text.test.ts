import { describe, expect, it } from 'vitest';
import { truncateText } from './truncate-text';

describe('truncateText', () => {
  it('leaves short text alone', () => {
    expect(truncateText('a\nb', 5)).toEqual({ text: 'a\nb', truncated: false, hiddenLines: 0, hiddenChars: 0 });
  });
  it('cuts by lines', () => {
    const text = Array.from({ length: 10 }, (_, i) => `l${i}`).join('\n');
    const t = truncateText(text, 3);
    expect(t.text).toBe('l0\nl1\nl2');
    expect(t.truncated).toBe(true);
    expect(t.hiddenLines).toBe(7);
  });
  it('cuts by characters', () => {
    const t = truncateText('x'.repeat(100), 30, 10);
    expect(t.text).toBe('x'.repeat(10));
    expect(t.hiddenChars).toBe(90);
    expect(t.hiddenLines).toBe(1);
  });
});
