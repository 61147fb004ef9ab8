// Issue 28, item 12: a NUL in a search query gave an FTS5 syntax error (and a logged stack trace)
// on every request. Control characters separate words like spaces.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSearchQuery } from '@/lib/search/search-query';
import { openSearchDb } from '@/lib/server/search/search-db';
import { SearchIndex } from '@/lib/server/search/search-index';

describe('a search query with control characters', () => {
  it.each(['deploy\u0000prod', '\u0000', 'a\u0000', '"de\u0000ploy"', 'x\u0007y\u001bz', '-\u0000nope deploy'])('%j runs as a query, never a syntax error', (q) => {
    const { db } = openSearchDb(path.join(mkdtempSync(path.join(os.tmpdir(), 'sessionscope-nul-')), 'search.db'));
    try {
      const parsed = parseSearchQuery(q);
      expect(parsed.match ?? '').not.toMatch(/[\u0000-\u001f]/);
      if (parsed.match) expect(new SearchIndex(db).query(parsed.match, {}, { limit: 10, offset: 0, order: 'rank' }).hits).toEqual([]);
    } finally {
      db.close();
    }
  });
});
