import { describe, expect, it } from 'vitest';
import { apiSessionsQuery, DEFAULT_TABLE_QUERY, exportSessionsHref, hasFilters, readTableQuery, toggleSort, writeTableQuery } from './table-query';

describe('readTableQuery', () => {
  it('reads known values and drops bad ones', () => {
    const q = readTableQuery(new URLSearchParams('status=busy&sort=cost&order=asc&roots=1&q=%20login%20&from=2025-01-02&to=bad&model=anthropic/x'));
    expect(q).toEqual({ project: undefined, status: 'busy', model: 'anthropic/x', agent: undefined, source: undefined, from: '2025-01-02', to: undefined, roots: true, q: 'login', sort: 'cost', order: 'asc' });
    const bad = readTableQuery(new URLSearchParams('status=nope&sort=evil&order=sideways&source=cursor'));
    expect(bad.source).toBeUndefined();
    expect(bad.status).toBeUndefined();
    expect(bad.sort).toBe('lastActivity');
    expect(bad.order).toBe('desc');
  });
  it('round-trips through writeTableQuery', () => {
    const search = 'project=p1&status=error&agent=build&source=claude&from=2025-01-01&to=2025-01-31&roots=1&q=x&sort=title&order=asc';
    expect(writeTableQuery(readTableQuery(new URLSearchParams(search)))).toBe(search);
    expect(writeTableQuery(DEFAULT_TABLE_QUERY)).toBe('');
  });
});

describe('toggleSort', () => {
  it('flips the same column and starts new ones sensibly', () => {
    expect(toggleSort(DEFAULT_TABLE_QUERY, 'lastActivity').order).toBe('asc');
    expect(toggleSort(DEFAULT_TABLE_QUERY, 'cost')).toMatchObject({ sort: 'cost', order: 'desc' });
    expect(toggleSort(DEFAULT_TABLE_QUERY, 'title')).toMatchObject({ sort: 'title', order: 'asc' });
  });
});

describe('apiSessionsQuery', () => {
  it('adds paging and sends the end of the `to` day', () => {
    const params = new URLSearchParams(apiSessionsQuery({ ...DEFAULT_TABLE_QUERY, to: '2025-01-31', q: 'a' }, 200, 'abc'));
    expect(params.get('limit')).toBe('200');
    expect(params.get('cursor')).toBe('abc');
    expect(params.get('sort')).toBe('lastActivity');
    expect(Number(params.get('to'))).toBe(new Date('2025-02-01T00:00:00').getTime() - 1);
    expect(params.get('q')).toBe('a');
    expect(new URLSearchParams(apiSessionsQuery({ ...DEFAULT_TABLE_QUERY, source: 'opencode' }, 10)).get('source')).toBe('opencode');
  });
  it('knows when filters are set', () => {
    expect(hasFilters(DEFAULT_TABLE_QUERY)).toBe(false);
    expect(hasFilters({ ...DEFAULT_TABLE_QUERY, roots: true })).toBe(true);
    expect(hasFilters({ ...DEFAULT_TABLE_QUERY, source: 'pi' })).toBe(true);
  });
});

describe('exportSessionsHref', () => {
  it('downloads the filtered, sorted view without paging', () => {
    const href = exportSessionsHref({ ...DEFAULT_TABLE_QUERY, roots: true, model: 'anthropic/claude-sonnet-4-5', sort: 'cost', order: 'asc', to: '2025-01-31' }, 'csv');
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/api/sessions');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      model: 'anthropic/claude-sonnet-4-5',
      roots: '1',
      sort: 'cost',
      order: 'asc',
      to: String(new Date('2025-02-01T00:00:00').getTime() - 1),
      format: 'csv',
    });
  });
});
