import { plural } from '@/lib/format/plural';
import type { PlanProgress } from '@/lib/plans/plan-work';
import { checklistSections, hasSections } from '@/lib/view/plan-display';

const LOOK = {
  done: { className: 'todo-completed', icon: '✓' },
  next: { className: 'todo-in_progress', icon: '◐' },
  open: { className: 'todo-pending', icon: '○' },
} as const;

/** The plan's counted checkboxes, folded by default; the first open one is marked as next. */
export function PlanChecklist({ progress }: { progress: PlanProgress }) {
  if (progress.items.length === 0) return null;
  const titled = hasSections(progress.items);
  const next = progress.items.findIndex((item) => !item.done);
  return (
    <details className="plan-checklist">
      <summary>Checklist ({plural(progress.items.length, 'task')})</summary>
      {checklistSections(progress.items).map((section) => (
        <div key={section.start}>
          {titled && section.section ? <div className="tool-section-label">{section.section}</div> : null}
          <ul className="todo-list">
            {section.items.map((item, j) => {
              const state = item.done ? 'done' : section.start + j === next ? 'next' : 'open';
              return (
                <li key={j} className={`todo ${LOOK[state].className}`} data-state={state}>
                  <span className="todo-icon" aria-label={state}>
                    {LOOK[state].icon}
                  </span>
                  <span>{item.text}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </details>
  );
}
