export const APP_NAME = 'Sessionscope';

/** "(2) Sessionscope" when two sessions wait for the user; the page name goes first when given. */
export function documentTitle(waiting: number, page?: string): string {
  const base = page ? `${page} · ${APP_NAME}` : APP_NAME;
  return waiting > 0 ? `(${waiting}) ${base}` : base;
}
