/** A piece of a line of code: what it is, for its colour. */
export interface CodeToken {
  text: string;
  kind?: 'keyword' | 'string' | 'comment' | 'number';
}

const KEYWORDS = new Set(
  (
    'abstract and as async await break case catch class const continue def default defer del delete do elif else enum export extends false final finally fn for from func function go if impl implements import in interface is let lambda match mod module mut new nil none not null or package private protected pub public raise return self static struct super switch this throw trait true try type typeof undefined use var void where while with yield'
  ).split(' '),
);

/** Which comment a file's language starts with `#` (shell, Python, YAML, TOML, Ruby) instead of `//`. */
const HASH_COMMENTS = /\.(sh|bash|zsh|py|rb|ya?ml|toml|conf|ini|r|pl|mk)$|(^|\/)(Makefile|Dockerfile)$/i;

const PATTERNS = (hash: boolean) =>
  new RegExp(
    [
      hash ? '(?<comment>#.*$)' : '(?<comment>\\/\\/.*$|\\/\\*.*?(?:\\*\\/|$))',
      '(?<string>"(?:\\\\.|[^"\\\\])*"?|\'(?:\\\\.|[^\'\\\\])*\'?|`(?:\\\\.|[^`\\\\])*`?)',
      '(?<number>\\b\\d[\\d_]*(?:\\.\\d+)?\\b)',
      '(?<word>\\b[A-Za-z_][\\w]*\\b)',
    ].join('|'),
    'g',
  );

/**
 * One line of code as coloured pieces: keywords, strings, comments and numbers, by a lexer light
 * enough for every line of a diff (no grammar: a line is read on its own, so a comment or string
 * that spans lines colours only where it opens).
 */
export function highlightLine(text: string, file = ''): CodeToken[] {
  const out: CodeToken[] = [];
  let at = 0;
  const push = (piece: string, kind?: CodeToken['kind']) => {
    if (!piece) return;
    const last = out.at(-1);
    if (last && last.kind === kind) last.text += piece;
    else out.push(kind ? { text: piece, kind } : { text: piece });
  };
  for (const m of text.matchAll(PATTERNS(HASH_COMMENTS.test(file)))) {
    push(text.slice(at, m.index));
    const g = m.groups ?? {};
    if (g.comment) push(m[0], 'comment');
    else if (g.string) push(m[0], 'string');
    else if (g.number) push(m[0], 'number');
    else push(m[0], KEYWORDS.has(m[0]) ? 'keyword' : undefined);
    at = m.index + m[0].length;
  }
  push(text.slice(at));
  return out;
}
