import { describe, expect, it } from 'vitest';
import { makeSummary } from '@/lib/view/test-sessions';
import { matchingSessions, selectSessions, sessionFiltersSchema } from './session-filters';

const sessions = Array.from({ length: 250 }, (_, i) =>
  makeSummary({ id: `ses_${String(i).padStart(3, '0')}`, title: i % 2 ? 'odd task' : 'even task', cost: i % 7, lastActivity: i, parentID: i % 5 === 0 ? 'ses_000' : undefined }),
);

describe('matchingSessions (exports)', () => {
  it('holds every session the filters match, in the order of the pages one after the other', () => {
    const filters = sessionFiltersSchema.parse({ q: 'odd', sort: 'cost', order: 'desc', limit: '50', format: 'csv' });
    const pages = [];
    for (let cursor: string | undefined, page = selectSessions(sessions, filters); ; page = selectSessions(sessions, { ...filters, cursor })) {
      pages.push(...page.sessions);
      cursor = page.nextCursor;
      if (!cursor) break;
    }
    const all = matchingSessions(sessions, filters);
    expect(all).toHaveLength(125);
    expect(all.map((s) => s.id)).toEqual(pages.map((s) => s.id));
  });

  it('honours the same filters as the table', () => {
    const roots = matchingSessions(sessions, sessionFiltersSchema.parse({ roots: '1', q: 'even' }));
    expect(roots.every((s) => !s.parentID && s.title === 'even task')).toBe(true);
    expect(roots).toHaveLength(100);
  });
});
