import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('picks the form by count', () => {
    expect(plural(1, 'turn')).toBe('1 turn');
    expect(plural(0, 'turn')).toBe('0 turns');
    expect(plural(1204, 'part')).toBe('1,204 parts');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
  });
});
