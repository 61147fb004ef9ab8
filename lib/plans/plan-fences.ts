/*
 * Fenced code blocks as oh-my-opencode 4.19.4 finds them in a plan: an opening run of 3+ backticks
 * or tildes (at most three spaces or tabs in; a backtick fence's info text has no backtick), closed
 * by a line of the same character at least as long and nothing else. A fence left open runs to the
 * end (a half-written plan).
 */
const OPENING_FENCE = /^[ \t]{0,3}(`{3,}|~{3,})(.*)$/;
const CLOSING_FENCE = /^[ \t]{0,3}(`{3,}|~{3,})[ \t]*$/;

interface Fence {
  marker: string;
  length: number;
}

export interface PlanLine {
  text: string;
  /** A fence line itself or a line inside a fence: never a checkbox or a heading. */
  fenced: boolean;
}

function openingFence(line: string): Fence | null {
  const match = OPENING_FENCE.exec(line);
  const run = match?.[1];
  const info = match?.[2];
  if (run === undefined || info === undefined) return null;
  const marker = run.charAt(0);
  if (marker === '`' && info.includes('`')) return null;
  return { marker, length: run.length };
}

function closes(line: string, fence: Fence): boolean {
  const run = CLOSING_FENCE.exec(line)?.[1];
  return run !== undefined && run.charAt(0) === fence.marker && run.length >= fence.length;
}

export function fencedLines(lines: string[]): PlanLine[] {
  let fence: Fence | null = null;
  return lines.map((text) => {
    if (fence) {
      if (closes(text, fence)) fence = null;
      return { text, fenced: true };
    }
    fence = openingFence(text);
    return { text, fenced: fence !== null };
  });
}
