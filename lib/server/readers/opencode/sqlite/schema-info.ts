import 'server-only';
import type Database from 'better-sqlite3';

/** Tables and columns present in this database: the schema drifts between OpenCode versions. */
export interface SchemaInfo {
  tables: Set<string>;
  columns(table: string): Set<string>;
}

export function readSchemaInfo(db: Database.Database): SchemaInfo {
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((row) => row.name),
  );
  const cache = new Map<string, Set<string>>();
  return {
    tables,
    columns(table: string): Set<string> {
      let set = cache.get(table);
      if (!set) {
        set = tables.has(table)
          ? new Set((db.prepare(`PRAGMA table_info(${JSON.stringify(table)})`).all() as { name: string }[]).map((c) => c.name))
          : new Set();
        cache.set(table, set);
      }
      return set;
    },
  };
}

/** `wanted` columns that exist, quoted for a SELECT list; missing ones come back as NULL. */
export function selectList(info: SchemaInfo, table: string, wanted: readonly string[]): string {
  const have = info.columns(table);
  return wanted.map((col) => (have.has(col) ? `"${col}"` : `NULL AS "${col}"`)).join(', ');
}
