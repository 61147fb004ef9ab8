import type { PlanItem, PlanProgress } from './plan-work';

const CHECKBOX = /^[-*]\s+\[([ xX]?)\]\s*(.*)$/;
const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const TODOS_HEADING = /^todos?$/i;
const FINAL_WAVE_HEADING = /^final verification wave\b/i;
const NUMBERED = /^\d+\.\s/;
const FINAL_NUMBERED = /^F\d+\.\s/;

type Zone = 'todos' | 'final' | 'other';

interface Line {
  text: string;
  fenced: boolean;
}

/** Marks lines inside fenced code blocks (``` or ~~~; the closing fence matches the opening). */
function scanFences(markdown: string): Line[] {
  let open: string | undefined;
  return markdown.split(/\r?\n/).map((text) => {
    const fence = FENCE.exec(text)?.[1];
    if (open === undefined && fence) {
      open = fence;
      return { text, fenced: true };
    }
    if (open !== undefined) {
      if (fence && fence[0] === open[0] && fence.length >= open.length && text.trim() === fence) open = undefined;
      return { text, fenced: true };
    }
    return { text, fenced: false };
  });
}

function zoneOf(level: number, title: string, zone: Zone): Zone {
  if (level > 2) return zone; // ### Wave 1 under ## TODOs stays in TODOs
  if (TODOS_HEADING.test(title)) return 'todos';
  if (FINAL_WAVE_HEADING.test(title)) return 'final';
  return 'other';
}

/**
 * Progress of an oh-my-opencode plan: top-level checkboxes (`-`/`*`, `x`/`X`), outside code fences,
 * not indented. A plan with a `## TODOs` heading is "structured": only numbered items under it
 * (`- [ ] 1. ...`) and `F1.`-style items under `## Final Verification Wave` count.
 */
export function planProgress(markdown: string): PlanProgress {
  const lines = scanFences(markdown).filter((l) => !l.fenced);
  const structured = lines.some((l) => {
    const h = HEADING.exec(l.text);
    return h?.[1]?.length === 2 && TODOS_HEADING.test(h[2] ?? '');
  });
  const items: PlanItem[] = [];
  let section: string | undefined;
  let zone: Zone = 'other';
  for (const { text } of lines) {
    const heading = HEADING.exec(text);
    if (heading) {
      section = heading[2] ?? '';
      zone = zoneOf(heading[1]?.length ?? 1, section, zone);
      continue;
    }
    const box = CHECKBOX.exec(text);
    if (!box) continue;
    const body = (box[2] ?? '').trim();
    if (structured && !((zone === 'todos' && NUMBERED.test(body)) || (zone === 'final' && FINAL_NUMBERED.test(body)))) continue;
    items.push({ text: body, done: (box[1] ?? '').toLowerCase() === 'x', ...(section ? { section } : {}) });
  }
  const done = items.filter((i) => i.done).length;
  const current = items.find((i) => !i.done);
  return { done, total: items.length, items, ...(current ? { current } : {}) };
}
