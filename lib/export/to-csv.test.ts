import { describe, expect, it } from 'vitest';
import { toCsv } from './to-csv';

describe('toCsv', () => {
  it('quotes commas, quotes and newlines, and leaves empty cells empty', () => {
    expect(toCsv(['a', 'b', 'c'], [['x,y', 'say "hi"', undefined], ['line\nbreak', 2, true]])).toBe('a,b,c\r\n"x,y","say ""hi""",\r\n"line\nbreak",2,true\r\n');
  });
  it('defuses cells a spreadsheet would evaluate as formulas', () => {
    expect(toCsv(['t'], [['=HYPERLINK("x")'], ['-1+2'], [-3]])).toBe('t\r\n"\'=HYPERLINK(""x"")"\r\n\'-1+2\r\n-3\r\n');
  });
});
