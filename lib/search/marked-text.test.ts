import { describe, expect, it } from 'vitest';
import { cleanForIndex, markedPieces } from './marked-text';

describe('marked text', () => {
  it('splits text into plain and matched pieces, markup characters left as text', () => {
    expect(markedPieces({ text: '<b>x</b> y', ranges: [[3, 4], [9, 10]] })).toEqual([
      { text: '<b>', hit: false },
      { text: 'x', hit: true },
      { text: '</b> ', hit: false },
      { text: 'y', hit: true },
    ]);
    expect(markedPieces({ text: 'abc', ranges: [[1, 9], [0, 2]] })).toEqual([{ text: 'ab', hit: true }, { text: 'c', hit: true }]);
  });

  it('removes control characters from text before it is indexed, keeping lines and tabs', () => {
    expect(cleanForIndex('a\u0001b\u0002c\nd\te')).toBe('a b c\nd\te');
  });
});
