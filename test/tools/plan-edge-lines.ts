// Checkbox lines built from every combination of the parts where plan parsers disagree (bullet,
// indent, spaces, the mark, the label's numbering), each read alone in three places of a plan.
const INDENTS = ['', ' ', '\t'];
const BULLETS = ['-', '*', '+'];
const GAPS = ['', ' ', '  ', '\t'];
const BOXES = ['[ ]', '[x]', '[X]', '[]', '[ x ]', '[x ]', '[y]'];
const LABELS = ['1. a', '0. a', '12. b', '1.a', 'F1. a', 'f2. a', 'F0. a', 'Fx. a', 'plain', ''];

export function edgeLines(): string[] {
  const lines: string[] = [];
  for (const indent of INDENTS)
    for (const bullet of BULLETS)
      for (const gap of GAPS)
        for (const box of BOXES)
          for (const after of GAPS) for (const label of LABELS) lines.push(`${indent}${bullet}${gap}${box}${after}${label}`);
  return lines;
}

/** Where a line is read: on its own, under `## TODOs`, under `## Final Verification Wave`. */
export const EDGE_CONTEXTS = {
  simple: (line: string) => `# Plan\n\n${line}\n`,
  todo: (line: string) => `# Plan\n\n## TODOs\n\n${line}\n`,
  final: (line: string) => `# Plan\n\n## Final Verification Wave\n\n${line}\n`,
} as const;

/** One character per line: `x` counted and done, `o` counted and open, `-` not counted. */
export function verdict(counted: { total: number; completed: number }): string {
  if (counted.total === 0) return '-';
  return counted.completed > 0 ? 'x' : 'o';
}
