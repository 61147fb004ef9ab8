import 'server-only';
import { MESSAGE_COLUMNS, PROJECT_COLUMNS, SESSION_COLUMNS } from '../sqlite-rows';
import type { Row } from '../sqlite-queries';
import { SqliteFile, type ScannedRow } from './sqlite-file';
import { tableColumns, type TableColumn } from './table-columns';

interface Table {
  rootPage: number;
  columns: TableColumn[];
}

/**
 * OpenCode's project, session and message tables read straight from the file, as rows shaped like
 * the reader's own queries (`_rowid`, `_updated`, the same columns, NULL for absent ones).
 */
export class ScannedTables {
  private readonly file: SqliteFile;
  private readonly tables = new Map<string, Table>();

  constructor(dbPath: string) {
    this.file = new SqliteFile(dbPath);
    try {
      for (const entry of this.file.schema()) {
        if (entry.type === 'table' && !/\bWITHOUT\s+ROWID\b/i.test(entry.sql)) this.tables.set(entry.name, { rootPage: entry.rootPage, columns: tableColumns(entry.sql) });
      }
      for (const required of ['session', 'message']) if (!this.tables.has(required)) throw new Error(`no ${required} table`);
    } catch (error) {
      this.file.close();
      throw error;
    }
  }

  close(): void {
    this.file.close();
  }

  projects(): Row[] {
    return this.tables.has('project') ? [...this.rows('project', PROJECT_COLUMNS)] : [];
  }

  sessions(): Row[] {
    return [...this.rows('session', SESSION_COLUMNS)];
  }

  /** Messages in rowid order, `chunk` at a time. */
  *messages(chunk: number): Generator<Row[]> {
    let batch: Row[] = [];
    for (const row of this.rows('message', MESSAGE_COLUMNS)) {
      batch.push(row);
      if (batch.length >= chunk) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  private *rows(name: string, wanted: readonly string[]): Generator<Row> {
    const table = this.tables.get(name);
    if (!table) return;
    const index = new Map(table.columns.map((c, i) => [c.name, i]));
    const updated = index.has('time_updated') ? 'time_updated' : 'time_created';
    for (const scanned of this.file.rows(table.rootPage)) {
      const row: Row = { _rowid: scanned.rowid };
      for (const col of wanted) row[col] = valueOf(table, index.get(col), scanned);
      row._updated = valueOf(table, index.get(updated), scanned);
      yield row;
    }
  }
}

function valueOf(table: Table, i: number | undefined, row: ScannedRow): unknown {
  if (i === undefined) return null;
  const column = table.columns[i] as TableColumn;
  if (column.rowid) return row.rowid;
  // A row written before the column was added holds fewer values: the column's default.
  return i < row.values.length ? row.values[i] : column.fallback;
}
