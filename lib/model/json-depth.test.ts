import { describe, expect, it } from 'vitest';
import { parsedNestsDeeperThan } from './json-depth';

const check = (text: string, limit: number) => parsedNestsDeeperThan(text, JSON.parse(text) as unknown, limit);

describe('parsedNestsDeeperThan', () => {
  it('finds a value nested deeper than the limit, and passes one at the limit', () => {
    expect(check(`${'['.repeat(6)}${']'.repeat(6)}`, 5)).toBe(true);
    expect(check(`${'['.repeat(5)}${']'.repeat(5)}`, 5)).toBe(false);
    expect(check(`{"a":${'{"b":'.repeat(6)}1${'}'.repeat(6)}}`, 5)).toBe(true);
  });

  it('is not fooled by brackets inside strings: many of them, a shallow value', () => {
    expect(check(JSON.stringify({ text: '[[[[[[[[{{{{{{{{' }), 5)).toBe(false);
    expect(check(JSON.stringify({ a: [1, 2, 3], b: { c: [{ d: 1 }] } }), 5)).toBe(false);
  });
});

describe('parsedNestsDeeperThan counts both kinds of bracket together', () => {
  it('finds depth made of objects and arrays mixed, when neither kind alone passes the limit', () => {
    const text = `${'{"a":['.repeat(3)}1${']}'.repeat(3)}`;
    expect(check(text, 5)).toBe(true);
    expect(check(text, 6)).toBe(false);
  });

  it('walks a long text that has more brackets than the limit but nests shallowly: not too deep', () => {
    expect(check(JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ i, xs: [i] }))), 5)).toBe(false);
  });
});
