import { fencedLines } from './plan-fences';
import type { PlanItem, PlanProgress } from './plan-work';

/*
 * oh-my-opencode's own checklist rules (packages/boulder-state/src/plan-checklist.ts in
 * oh-my-opencode 4.19.4): the plugin decides when a plan is finished, so the dashboard counts the
 * same lines, edge forms included (a BOM is part of the first line; only `\n` and `\r\n` end a line).
 * test/fixtures/plans/progress/oracle.json holds the plugin's own answers.
 */
const SIMPLE_CHECKBOX = /^[-*][ \t]*\[[ \t]*([xX]?)[ \t]*\][ \t]+(.+)$/;
const TODO_HEADING = /^##[ \t]+TODOs(?:[ \t]+#+)?[ \t]*$/i;
const FINAL_WAVE_HEADING = /^##[ \t]+Final Verification Wave(?:[ \t]+#+)?[ \t]*$/i;
const SECTION_BOUNDARY = /^#{1,2}(?:[ \t]+|$)/;
const TODO_CHECKBOX = /^- \[([ xX])\] ([1-9]\d*\. .+)$/;
const FINAL_WAVE_CHECKBOX = /^- \[([ xX])\] (F[1-9]\d*\. .+)$/i;
/** Only for naming an item's section on the page; the rules above decide what counts. */
const HEADING = /^(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$/;

type Section = 'todo' | 'final-wave' | 'other';

function sectionOf(line: string): Section {
  if (TODO_HEADING.test(line)) return 'todo';
  if (FINAL_WAVE_HEADING.test(line)) return 'final-wave';
  return 'other';
}

/** A plan with a `## TODOs` or `## Final Verification Wave` heading counts only their numbered items. */
function checkboxOf(line: string, structured: boolean, section: Section): RegExpExecArray | null {
  if (!structured) return SIMPLE_CHECKBOX.exec(line);
  if (section === 'other') return null;
  return (section === 'todo' ? TODO_CHECKBOX : FINAL_WAVE_CHECKBOX).exec(line);
}

/** Progress of an oh-my-opencode plan, counted as the plugin counts it. */
export function planProgress(markdown: string): PlanProgress {
  const lines = fencedLines(markdown.split(/\r?\n/)).filter((l) => !l.fenced).map((l) => l.text);
  const structured = lines.some((line) => sectionOf(line) !== 'other');
  const items: PlanItem[] = [];
  let title: string | undefined;
  let section: Section = 'other';
  for (const line of lines) {
    const heading = HEADING.exec(line);
    if (heading) title = heading[2];
    if (structured && SECTION_BOUNDARY.test(line)) {
      section = sectionOf(line);
      continue;
    }
    const box = checkboxOf(line, structured, section);
    if (!box) continue;
    const text = (box[2] ?? '').trim();
    items.push({ text, done: (box[1] ?? '').toLowerCase() === 'x', ...(title ? { section: title } : {}) });
  }
  const done = items.filter((i) => i.done).length;
  const current = items.find((i) => !i.done);
  return { done, total: items.length, items, ...(current ? { current } : {}) };
}
