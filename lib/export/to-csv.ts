export type CsvCell = string | number | boolean | undefined | null;

/**
 * Text a spreadsheet would run as a formula: a leading `=`, `+`, `-`, `@` (or their full-width
 * forms), tab or carriage return, also after leading spaces, which some spreadsheets skip.
 */
const FORMULA_START = /^[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|^[\t\r]/;
/** Quoted: the separator, quotes and line breaks, and `;`, the separator of many spreadsheet locales. */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/**
 * A sum of float costs carries binary noise past its 15th digit (0.0024599999999999995): 12
 * significant digits keep every real figure (a tenth of a micro-dollar on a million-dollar total)
 * and drop the noise. Integers (token counts, times) are written as they are.
 */
function numberText(value: number): string {
  return Number.isInteger(value) || !Number.isFinite(value) ? String(value) : String(Number(value.toPrecision(12)));
}

function cell(value: CsvCell): string {
  if (value === undefined || value === null) return '';
  let text = typeof value === 'number' ? numberText(value) : String(value);
  // Numbers are written by us (a -0.5 is a number); only text can smuggle a formula in.
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 CSV (CRLF line ends). Cells that a spreadsheet would run as a formula are prefixed with a quote. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}
