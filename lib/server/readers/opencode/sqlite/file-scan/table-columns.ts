import type { SqlValue } from './sqlite-file';

export interface TableColumn {
  name: string;
  /** What a row written before the column was added holds (its DEFAULT literal, else NULL). */
  fallback: SqlValue;
  /** `INTEGER PRIMARY KEY`: the column is the rowid (stored as NULL in the record). */
  rowid: boolean;
}

const CONSTRAINT_WORDS = new Set(['CONSTRAINT', 'PRIMARY', 'FOREIGN', 'UNIQUE', 'CHECK']);

/** The columns of a `CREATE TABLE` statement as SQLite stores it (added columns appended), in record order. */
export function tableColumns(sql: string): TableColumn[] {
  const open = sql.indexOf('(');
  const close = sql.lastIndexOf(')');
  if (open === -1 || close <= open) throw new Error('not a CREATE TABLE statement');
  const columns: TableColumn[] = [];
  for (const definition of splitTopLevel(sql.slice(open + 1, close))) {
    const text = definition.trim();
    if (!text) continue;
    const quoted = /^([`"[])(.*?)[`"\]]/.exec(text);
    const name = quoted ? (quoted[2] as string) : (text.split(/\s+/)[0] as string);
    if (!quoted && CONSTRAINT_WORDS.has(name.toUpperCase())) continue;
    const rest = text.slice(quoted ? (quoted[0] as string).length : name.length);
    columns.push({ name, fallback: defaultOf(rest), rowid: /^\s*INTEGER\s+PRIMARY\s+KEY\b/i.test(rest) });
  }
  return columns;
}

function defaultOf(definition: string): SqlValue {
  const match = /\bDEFAULT\s+(\(\s*)?(-?\d+(?:\.\d+)?(?:e[+-]?\d+)?|'(?:[^']|'')*'|NULL|TRUE|FALSE)/i.exec(definition);
  const literal = match?.[2];
  if (literal === undefined || /^NULL$/i.test(literal)) return null;
  if (/^TRUE$/i.test(literal)) return 1;
  if (/^FALSE$/i.test(literal)) return 0;
  if (literal.startsWith("'")) return literal.slice(1, -1).replace(/''/g, "'");
  return Number(literal);
}

/** Splits on commas outside parentheses and quotes. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '[') quote = ']';
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}
