import { describe, expect, it } from 'vitest';
import { toCsv } from '@/lib/export/to-csv';
import { parseCsv } from './parse-csv';

describe('parseCsv', () => {
  it('reads back what toCsv writes', () => {
    const rows = [['a,b', 'say "hi"', 'two\r\nlines'], ['', '1', 'x']];
    expect(parseCsv(toCsv(['x', 'y', 'z'], rows))).toEqual([
      { x: 'a,b', y: 'say "hi"', z: 'two\r\nlines' },
      { x: '', y: '1', z: 'x' },
    ]);
  });
});
