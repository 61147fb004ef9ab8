import { describe, expect, it } from 'vitest';
import { toCsv } from './to-csv';

const one = (value: string | number) => toCsv(['t'], [[value]]).split('\r\n')[1];

describe('toCsv', () => {
  it('quotes commas, quotes and newlines, and leaves empty cells empty', () => {
    expect(toCsv(['a', 'b', 'c'], [['x,y', 'say "hi"', undefined], ['line\nbreak', 2, true]])).toBe('a,b,c\r\n"x,y","say ""hi""",\r\n"line\nbreak",2,true\r\n');
  });

  it('defuses cells a spreadsheet would evaluate as formulas', () => {
    expect(toCsv(['t'], [['=HYPERLINK("x")'], ['-1+2'], [-3]])).toBe('t\r\n"\'=HYPERLINK(""x"")"\r\n\'-1+2\r\n-3\r\n');
    expect(one('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(one('@cmd')).toBe("'@cmd");
    expect(one('\t=1+1')).toBe('"\'\t=1+1"');
    expect(one('\r=1')).toBe('"\'\r=1"');
    expect(one('  =1+1')).toBe("'  =1+1");
    expect(one('\uFF1D1+1')).toBe("'\uFF1D1+1");
  });

  it('leaves ordinary text and numbers alone', () => {
    expect(one('fix the build')).toBe('fix the build');
    expect(one('a=b')).toBe('a=b');
    expect(one(-0.25)).toBe('-0.25');
  });

  it('quotes semicolons, so a spreadsheet that splits on them cannot start a cell mid-value', () => {
    expect(one('a;=1+1')).toBe('"a;=1+1"');
  });
});
