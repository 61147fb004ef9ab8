import { describe, expect, it } from 'vitest';
import { apiTeamSessionsQuery, hasTeamFilters, readTeamTableQuery, writeTeamTableQuery } from './team-table-query';

describe('the team session list in the URL', () => {
  it('reads what it wrote, and keeps scope=team', () => {
    const q = { person: 'ann', machine: 'ci runner', source: 'opencode' as const, group: 'machine' as const, roots: true, live: true, q: 'flaky' };
    const written = writeTeamTableQuery(q);
    expect(written).toBe('scope=team&person=ann&machine=ci+runner&source=opencode&group=machine&roots=1&live=1&q=flaky');
    expect(readTeamTableQuery(new URLSearchParams(written))).toEqual(q);
    expect(hasTeamFilters(q)).toBe(true);
  });

  it('drops what it does not know (a link from the local list: sort, status) and ignores bad values', () => {
    const q = readTeamTableQuery(new URLSearchParams('scope=team&sort=cost&status=busy&source=cursor&group=project&q=%20%20'));
    expect(q).toEqual({ person: undefined, machine: undefined, source: undefined, group: undefined, roots: false, q: undefined });
    expect(hasTeamFilters(q)).toBe(false);
    expect(apiTeamSessionsQuery(q, 200, 'abc')).toBe('scope=team&limit=200&cursor=abc');
  });
});
