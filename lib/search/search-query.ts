/**
 * What a person types into a search box, turned into an FTS5 query that cannot be a syntax error:
 * every word becomes a quoted string, `"a phrase"` stays a phrase, `-word` excludes, `OR` between
 * two words takes either, and the last bare word matches as a prefix (results while typing).
 */
export interface ParsedQuery {
  /** The FTS5 MATCH expression; undefined when nothing is left to look for. */
  match?: string;
  /** The words and phrases looked for (for the page to say what it searched). */
  terms: string[];
  /** The same, with whether each matches as a prefix (to mark them in snippets). */
  marks: { text: string; prefix: boolean }[];
}

interface Token {
  text: string;
  quoted: boolean;
  negated: boolean;
  or: boolean;
}

const MAX_TERMS = 16;
const MAX_TERM_LENGTH = 200;

/** Something the tokenizer keeps (letters or digits in any script); punctuation alone matches nothing. */
const hasWord = (text: string): boolean => /[\p{L}\p{N}]/u.test(text);
const quote = (text: string): string => `"${text.replace(/"/g, '""')}"`;

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  const re = /(-?)"([^"]*)"?|(\S+)/g;
  let or = false;
  for (let m = re.exec(input); m; m = re.exec(input)) {
    if (m[3] === 'OR') {
      or = tokens.length > 0;
      continue;
    }
    const quoted = m[2] !== undefined;
    let text = quoted ? (m[2] ?? '') : (m[3] ?? '');
    let negated = m[1] === '-';
    if (!quoted && text.startsWith('-') && text.length > 1) {
      negated = true;
      text = text.slice(1);
    }
    text = text.slice(0, MAX_TERM_LENGTH).trim();
    if (!hasWord(text)) continue;
    tokens.push({ text, quoted, negated, or: or && !negated });
    or = false;
  }
  return tokens.slice(0, MAX_TERMS);
}

/** Control characters (NUL among them: FTS5 ends a string at it, a syntax error) separate words like spaces. */
const CONTROL = /[\u0000-\u001f\u007f]/g;

export function parseSearchQuery(raw: string): ParsedQuery {
  const input = raw.replace(CONTROL, ' ');
  const tokens = tokenize(input);
  const positive = tokens.filter((t) => !t.negated);
  const negative = tokens.filter((t) => t.negated);
  if (positive.length === 0) return { terms: [], marks: [] };
  const last = positive.at(-1);
  // A group is a run of words joined by OR; groups are ANDed.
  const groups: string[][] = [];
  const marks: ParsedQuery['marks'] = [];
  for (const token of positive) {
    const prefix = token === last && !token.quoted && !/\s$/.test(input);
    marks.push({ text: token.text, prefix });
    const term = prefix ? `${quote(token.text)}*` : quote(token.text);
    if (token.or && groups.length > 0) groups.at(-1)?.push(term);
    else groups.push([term]);
  }
  const anded = groups.map((g) => (g.length > 1 ? `(${g.join(' OR ')})` : g[0])).join(' AND ');
  const match = negative.reduce((expr, t) => `${expr} NOT ${quote(t.text)}`, negative.length > 0 ? `(${anded})` : anded);
  return { match, terms: positive.map((t) => t.text), marks };
}
