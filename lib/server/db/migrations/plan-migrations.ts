import type { Migration } from './migration';
import { MIGRATIONS } from '.';

/**
 * Which migrations a database still needs, given those it recorded; `foreign` says why the database
 * is not this build's (a version this build does not have, or one it names otherwise).
 */
export function planMigrations(applied: readonly { version: number; name: string }[]): { pending: Migration[]; foreign?: string } {
  const known = new Map(MIGRATIONS.map((m) => [m.version, m.name]));
  for (const row of applied) {
    const version = Number(row.version);
    if (known.get(version) !== row.name) return { pending: [], foreign: `schema migration ${version} "${row.name}" is not this build's (it knows 1-${MIGRATIONS.length})` };
  }
  const done = new Set(applied.map((row) => Number(row.version)));
  return { pending: MIGRATIONS.filter((m) => !done.has(m.version)) };
}
