import Database from 'better-sqlite3';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from './search-query';

describe('parseSearchQuery', () => {
  it('quotes words, ANDs them and matches the last one as a prefix while typing', () => {
    expect(parseSearchQuery('fix login')).toEqual({
      match: '"fix" AND "login"*',
      terms: ['fix', 'login'],
      marks: [
        { text: 'fix', prefix: false },
        { text: 'login', prefix: true },
      ],
    });
    expect(parseSearchQuery('fix login ').match).toBe('"fix" AND "login"');
  });

  it('keeps phrases, exclusions and OR', () => {
    expect(parseSearchQuery('"null pointer" -java').match).toBe('("null pointer") NOT "java"');
    expect(parseSearchQuery('cat OR dog food').match).toBe('("cat" OR "dog") AND "food"*');
  });

  it('escapes FTS5 syntax people type', () => {
    expect(parseSearchQuery('a"b NEAR( c* ^d').match).toBe('"a""b" AND "NEAR(" AND "c*" AND "^d"*');
    expect(parseSearchQuery('foo.bar()').match).toBe('"foo.bar()"*');
  });

  it('looks for nothing when only punctuation or exclusions are left', () => {
    expect(parseSearchQuery('  -- ** ').match).toBeUndefined();
    expect(parseSearchQuery('-secret').match).toBeUndefined();
  });

  it('never produces an expression FTS5 rejects', () => {
    const db = new Database(':memory:');
    db.exec("CREATE VIRTUAL TABLE t USING fts5(body, tokenize='unicode61 remove_diacritics 2'); INSERT INTO t VALUES ('hello world')");
    const run = db.prepare('SELECT count(*) AS n FROM t WHERE t MATCH ?');
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'b', ' ', '"', '-', '*', '(', ')', ':', '^', 'O', 'R', 'N', 'é', '+', '.') }), (input) => {
        const { match } = parseSearchQuery(input);
        if (match) run.get(match);
      }),
      { numRuns: 500 },
    );
  });
});
