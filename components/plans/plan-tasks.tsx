import { SessionLink } from '@/components/ui/session-link';
import { StatusBadge } from '@/components/ui/status-badge';
import type { PlanTask } from '@/lib/plans/plan-work';
import { taskName, taskTimingText } from '@/lib/plans/task-timing';
import type { PlanSessionLink } from '@/lib/view/api-types';

const HARNESS: Record<string, string> = { codex: 'Codex', senpi: 'senpi' };

function TaskSession({ task, link }: { task: PlanTask; link: PlanSessionLink | undefined }) {
  if (!task.sessionID) return <span className="muted small">no session yet</span>;
  if (link?.found) {
    return (
      <>
        {link.status ? <StatusBadge status={link.status} /> : null}
        <SessionLink session={{ id: link.id, title: link.title ?? '', firstPrompt: link.firstPrompt }} />
      </>
    );
  }
  const harness = task.harness ? (HARNESS[task.harness] ?? task.harness) : undefined;
  return (
    <span className="muted small" title="No data folder Sessionscope reads has this session">
      {harness ? `${harness} session ` : null}
      <code>{task.sessionID}</code> {harness ? '' : 'not found'}
    </span>
  );
}

/** The work's tasks (boulder `task_sessions`): which session worked on each, its state and time. */
export function PlanTasks({ tasks, links, now }: { tasks: readonly PlanTask[]; links: readonly PlanSessionLink[]; now: number }) {
  if (tasks.length === 0) return null;
  const byID = new Map(links.map((l) => [l.id, l]));
  return (
    <details className="plan-tasks" open>
      <summary>Task sessions ({tasks.length})</summary>
      <ul className="child-list">
        {tasks.map((task) => (
          <li key={task.key} data-testid="plan-task" data-task-key={task.key} data-task-status={task.status ?? 'assigned'}>
            <span>{taskName(task)}</span>
            <span className="chip subtle">{task.status ?? 'assigned'}</span>
            <span className="muted small num" title={task.startedAt ? `started ${new Date(task.startedAt).toISOString()}` : undefined}>
              {taskTimingText(task, now)}
            </span>
            {task.agent ? <span className="chip">{task.agent}</span> : null}
            <TaskSession task={task} link={task.sessionID ? byID.get(task.sessionID) : undefined} />
          </li>
        ))}
      </ul>
    </details>
  );
}
