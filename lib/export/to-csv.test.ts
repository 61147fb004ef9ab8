import { describe, expect, it } from 'vitest';
import { toCsv } from './to-csv';

const one = (value: string | number) => toCsv(['t'], [[value]]).split('\r\n')[1];

describe('toCsv', () => {
  it('quotes commas, quotes and newlines, and leaves empty cells empty', () => {
    expect(toCsv(['a', 'b', 'c'], [['x,y', 'say "hi"', undefined], ['line\nbreak', 2, true]])).toBe('a,b,c\r\n"x,y","say ""hi""",\r\n"line\nbreak",2,true\r\n');
  });

  it('defuses cells a spreadsheet would evaluate as formulas', () => {
    expect(toCsv(['t'], [['=HYPERLINK("x")'], ['-1+2'], [-3]])).toBe('t\r\n"\'=HYPERLINK(""x"")"\r\n\'-1+2\r\n-3\r\n');
  });

  it.each([
    ['+SUM(A1)', "'+SUM(A1)"],
    ['@cmd', "'@cmd"],
    ['\t=1+1', '"\'\t=1+1"'],
    ['\r=1', '"\'\r=1"'],
    ['  =1+1', "'  =1+1"],
    ['\uFF1D1+1', "'\uFF1D1+1"],
    ['fix the build', 'fix the build'],
    ['a=b', 'a=b'],
    [-0.25, '-0.25'],
  ])('writes %j as %j', (value, written) => {
    expect(one(value)).toBe(written);
  });

  it('quotes semicolons, so a spreadsheet that splits on them cannot start a cell mid-value', () => {
    expect(one('a;=1+1')).toBe('"a;=1+1"');
  });
});

describe('toCsv numbers', () => {
  it('writes a float sum without its binary noise, integers and small costs as they are', () => {
    expect(one(0.00041 + 0.00205)).toBe('0.00246');
    expect(one(0.1 + 0.2)).toBe('0.3');
    expect(one(0.0000012345)).toBe('0.0000012345');
    expect(one(1_795_286_395_578)).toBe('1795286395578');
    expect(one(123456.789012)).toBe('123456.789012');
  });
});
