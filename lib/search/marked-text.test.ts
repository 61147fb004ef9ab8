import { describe, expect, it } from 'vitest';
import { cleanForIndex, markedPieces, MARK_CLOSE as C, MARK_OPEN as O, readMarks } from './marked-text';

describe('marked text', () => {
  it('turns snippet marks into ranges over the plain text', () => {
    expect(readMarks(`…the ${O}login${C} page ${O}fails${C}`)).toEqual({ text: '…the login page fails', ranges: [[5, 10], [16, 21]] });
  });

  it('ignores unbalanced or empty marks', () => {
    expect(readMarks(`a${C}b${O}${C}c${O}d`)).toEqual({ text: 'abcd', ranges: [] });
  });

  it('splits text into plain and matched pieces, markup characters left as text', () => {
    expect(markedPieces({ text: '<b>x</b> y', ranges: [[3, 4], [9, 10]] })).toEqual([
      { text: '<b>', hit: false },
      { text: 'x', hit: true },
      { text: '</b> ', hit: false },
      { text: 'y', hit: true },
    ]);
    expect(markedPieces({ text: 'abc', ranges: [[1, 9], [0, 2]] })).toEqual([{ text: 'ab', hit: true }, { text: 'c', hit: true }]);
  });

  it('removes the marks from text before it is indexed', () => {
    expect(cleanForIndex(`a${O}b${C}c\nd\te`)).toBe('a b c\nd\te');
  });
});
