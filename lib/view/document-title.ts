export const APP_NAME = 'Sessionscope';

/** "(2) Sessionscope" when two sessions wait for the user; the page name goes first when given. */
export function documentTitle(waiting: number, page?: string): string {
  const base = page ? `${page} · ${APP_NAME}` : APP_NAME;
  return waiting > 0 ? `(${waiting}) ${base}` : base;
}

const PAGE_NAMES: [prefix: string, name: string][] = [
  ['/sessions', 'Sessions'],
  ['/plans', 'Plans'],
  ['/tools', 'Tools & models'],
  ['/diagnostics', 'Diagnostics'],
  ['/search', 'Search'],
];

/**
 * What a tab shows for a route: its page's name. `named` is what the page itself said (a session's
 * title, a search's words) and wins: a row of tabs reads as which session each is.
 */
export function pageName(pathname: string, named?: string): string | undefined {
  if (named) return named;
  if (pathname === '/') return 'Overview';
  return PAGE_NAMES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1];
}

/** A search page's tab: its words first. */
export function searchPageName(query: string): string | undefined {
  return query.trim() ? `“${query.trim()}” · Search` : undefined;
}
