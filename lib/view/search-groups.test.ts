import { describe, expect, it } from 'vitest';
import type { SearchHit } from '@/lib/search/search-types';
import { groupSearchHits } from './search-groups';

const hit = (sessionID: string, kind: SearchHit['kind'], text: string, partID?: string): SearchHit => ({
  sessionID, kind, sessionTitle: `title of ${sessionID}`, source: 'opencode-sqlite', projectID: 'p', time: 1, snippet: { text, ranges: [] }, ...(partID ? { partID } : {}),
});

describe('groupSearchHits', () => {
  it('groups by session in first-seen order and shows a passage once per session, keeping the hit inside the session', () => {
    const groups = groupSearchHits([
      hit('a', 'title', 'Fix the list view'),
      hit('b', 'reply', 'the list is sorted'),
      hit('a', 'prompt', 'Fix the list view', 'prt_1'),
      hit('a', 'reply', 'I changed the list…', 'prt_2'),
      hit('b', 'prompt', 'sort the list', 'prt_3'),
    ]);
    expect(groups.map((g) => [g.sessionID, g.hits.map((h) => h.kind)])).toEqual([
      ['a', ['prompt', 'reply']],
      ['b', ['reply', 'prompt']],
    ]);
    expect(groups[0]!.hits[0]!.partID).toBe('prt_1');
  });

  it('keeps a title hit only where it is the session\'s one hit (the head shows the title)', () => {
    const groups = groupSearchHits([hit('a', 'title', 'plain scenario'), hit('a', 'prompt', 'Run the plain scenario', 'p1'), hit('b', 'title', 'other scenario')]);
    expect(groups.map((g) => g.hits.map((h) => h.kind))).toEqual([['prompt'], ['title']]);
  });
});
