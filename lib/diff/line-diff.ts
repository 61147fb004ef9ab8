/** One line of a diff: kept (' '), removed ('-') or added ('+'), with its numbers on each side. */
export interface DiffLine {
  op: ' ' | '-' | '+';
  text: string;
  /** 1-based line number before (removed and kept lines) and after (added and kept lines). */
  old?: number;
  new?: number;
}

/** Past this many line pairs, no alignment is looked for: all removed, then all added. */
const MAX_CELLS = 4_000_000;

const linesOf = (text: string) => (text === '' ? [] : text.replace(/\n$/, '').split('\n'));

/** The lines of `after` against `before`, aligned on their longest common subsequence. */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = linesOf(before);
  const b = linesOf(after);
  const out: DiffLine[] = [];
  // Same start and end first: an edit in a long file is a small table.
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  for (let i = 0; i < start; i++) out.push({ op: ' ', text: a[i]!, old: i + 1, new: i + 1 });
  const n = endA - start;
  const m = endB - start;
  if (n * m > MAX_CELLS) {
    for (let i = start; i < endA; i++) out.push({ op: '-', text: a[i]!, old: i + 1 });
    for (let j = start; j < endB; j++) out.push({ op: '+', text: b[j]!, new: j + 1 });
  } else {
    // lcs[i][j]: the longest common run of a[start+i..] and b[start+j..].
    const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = a[start + i] === b[start + j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    let i = 0;
    let j = 0;
    while (i < n || j < m) {
      if (i < n && j < m && a[start + i] === b[start + j]) {
        out.push({ op: ' ', text: a[start + i]!, old: start + i + 1, new: start + j + 1 });
        i++;
        j++;
      } else if (i < n && (j === m || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
        // Removed before added, as unified diffs read.
        out.push({ op: '-', text: a[start + i]!, old: start + i + 1 });
        i++;
      } else {
        out.push({ op: '+', text: b[start + j]!, new: start + j + 1 });
        j++;
      }
    }
  }
  for (let i = endA, j = endB; i < a.length; i++, j++) out.push({ op: ' ', text: a[i]!, old: i + 1, new: j + 1 });
  return out;
}

/** A diff cut to its changes with `context` kept lines around each: null marks a gap. */
export function withContext(lines: readonly DiffLine[], context = 3): (DiffLine | null)[] {
  const near = lines.map(() => false);
  lines.forEach((line, i) => {
    if (line.op === ' ') return;
    for (let k = Math.max(0, i - context); k <= Math.min(lines.length - 1, i + context); k++) near[k] = true;
  });
  const out: (DiffLine | null)[] = [];
  lines.forEach((line, i) => {
    if (near[i]) out.push(line);
    else if (out.at(-1) !== null) out.push(null);
  });
  return out;
}

/** Unified diff text (`@@` hunks) of two versions of a file. */
export function unifiedPatch(before: string, after: string, context = 3): string {
  const shown = withContext(lineDiff(before, after), context);
  const hunks: DiffLine[][] = [[]];
  for (const line of shown) {
    if (line === null) hunks.push([]);
    else hunks.at(-1)!.push(line);
  }
  return hunks
    .filter((h) => h.length > 0)
    .map((h) => {
      const olds = h.filter((l) => l.op !== '+');
      const news = h.filter((l) => l.op !== '-');
      const oldStart = olds[0]?.old ?? (h.find((l) => l.old !== undefined)?.old ?? 1) - 1;
      const newStart = news[0]?.new ?? 0;
      return [`@@ -${oldStart},${olds.length} +${newStart},${news.length} @@`, ...h.map((l) => `${l.op}${l.text}`)].join('\n');
    })
    .join('\n');
}

export interface SplitRow {
  left?: DiffLine;
  right?: DiffLine;
}

/** Rows for a side-by-side view: kept lines on both sides, a run of removals beside the additions that follow it. */
export function splitRows(lines: readonly (DiffLine | null)[]): (SplitRow | null)[] {
  const out: (SplitRow | null)[] = [];
  let removed: DiffLine[] = [];
  let added: DiffLine[] = [];
  const flush = () => {
    for (let k = 0; k < Math.max(removed.length, added.length); k++) out.push({ left: removed[k], right: added[k] });
    removed = [];
    added = [];
  };
  for (const line of lines) {
    if (line?.op === '-') {
      if (added.length > 0) flush();
      removed.push(line);
    } else if (line?.op === '+') added.push(line);
    else {
      flush();
      out.push(line === null ? null : { left: line, right: line });
    }
  }
  flush();
  return out;
}

/** A unified patch's lines (headers dropped; null between hunks), or undefined when it has no hunk. */
export function parsePatch(patch: string): (DiffLine | null)[] | undefined {
  const out: (DiffLine | null)[] = [];
  let oldNo = 0;
  let newNo = 0;
  let inHunk = false;
  for (const line of patch.split('\n')) {
    const hunk = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
    if (hunk) {
      if (inHunk) out.push(null);
      oldNo = Number(hunk[1]);
      newNo = Number(hunk[2]);
      inHunk = true;
    } else if (!inHunk || line.startsWith('\\')) continue;
    else if (line.startsWith('+')) out.push({ op: '+', text: line.slice(1), new: newNo++ });
    else if (line.startsWith('-')) out.push({ op: '-', text: line.slice(1), old: oldNo++ });
    else if (line.startsWith(' ') || line === '') out.push({ op: ' ', text: line.slice(1), old: oldNo++, new: newNo++ });
  }
  while (out.at(-1)?.op === ' ' && out.at(-1)?.text === '') out.pop();
  return inHunk ? out : undefined;
}
