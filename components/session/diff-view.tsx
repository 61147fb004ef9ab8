import { highlightLine } from '@/lib/diff/highlight-line';
import { splitRows, withContext, type DiffLine } from '@/lib/diff/line-diff';

const OP_CLASS = { ' ': 'diff-keep', '-': 'diff-del', '+': 'diff-add' } as const;

/** A line of code, coloured by what its pieces are (the file's name picks `#` or `//` comments). */
function Code({ text, file }: { text: string; file?: string }) {
  return (
    <span className="diff-text">
      {highlightLine(text, file).map((t, i) => (t.kind ? <span key={i} className={`tok-${t.kind}`}>{t.text}</span> : t.text))}
    </span>
  );
}

function Cell({ line, side, file }: { line?: DiffLine; side: 'old' | 'new'; file?: string }) {
  if (!line) return <span className="diff-cell diff-empty" />;
  return (
    <span className={`diff-cell ${OP_CLASS[line.op]}`}>
      <span className="diff-no">{line[side]}</span>
      <Code text={line.text} file={file} />
    </span>
  );
}

/**
 * The lines a change touched with three around them, syntax-coloured: one column where the panel is
 * narrow, the two versions side by side where it is wide (a container query in globals.css picks).
 */
export function DiffView({ lines, shown: given, label, file }: { lines?: readonly DiffLine[]; shown?: readonly (DiffLine | null)[]; label: string; file?: string }) {
  // `shown`: already cut to its hunks (a stored patch); null between them.
  const shown = given ?? withContext(lines ?? []);
  return (
    <div className="diff-view" role="group" aria-label={label} data-testid="diff-view">
      <pre className="diff-unified">
        {shown.map((line, i) =>
          line ? (
            <span key={i} className={`diff-row ${OP_CLASS[line.op]}`}>
              <span className="diff-no">{line.op === '+' ? '' : line.old}</span>
              <span className="diff-no">{line.op === '-' ? '' : line.new}</span>
              <span className="diff-op" aria-hidden>
                {line.op}
              </span>
              <Code text={line.text} file={file} />
              {'\n'}
            </span>
          ) : (
            <span key={i} className="diff-row diff-gap">
              ⋯{'\n'}
            </span>
          ),
        )}
      </pre>
      <div className="diff-split">
        {splitRows(shown).map((row, i) =>
          row ? (
            <div key={i} className="diff-split-row">
              <Cell line={row.left?.op === '+' ? undefined : row.left} side="old" file={file} />
              <Cell line={row.right?.op === '-' ? undefined : row.right} side="new" file={file} />
            </div>
          ) : (
            <div key={i} className="diff-split-row diff-gap">⋯</div>
          ),
        )}
      </div>
    </div>
  );
}
