import { describe, expect, it } from 'vitest';
import { highlightLine } from './highlight-line';

const kinds = (tokens: ReturnType<typeof highlightLine>) => tokens.filter((t) => t.kind).map((t) => `${t.kind}:${t.text}`);

describe('highlightLine', () => {
  it('colours keywords, strings, numbers and comments, and keeps every character', () => {
    const line = 'const n = 42; // the "answer"';
    const tokens = highlightLine(line, 'a.ts');
    expect(tokens.map((t) => t.text).join('')).toBe(line);
    expect(kinds(tokens)).toEqual(['keyword:const', 'number:42', 'comment:// the "answer"']);
    expect(kinds(highlightLine("if x == 'a': return None  # done", 'x.py'))).toEqual(['keyword:if', "string:'a'", 'keyword:return', 'comment:# done']);
    expect(kinds(highlightLine('# A tiny project', 'README.md'))).toEqual([]);
  });
});
