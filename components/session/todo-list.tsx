import { Panel } from '@/components/ui/panel';
import type { Todo } from '@/lib/model/todo';

const ICON: Record<string, string> = { completed: '✓', in_progress: '◐', pending: '○', cancelled: '✕' };

export function TodoList({ todos }: { todos: Todo[] }) {
  const done = todos.filter((t) => t.status === 'completed').length;
  return (
    <Panel title={`Todos · ${done}/${todos.length} done`} id="todos">
      <ul className="todo-list">
        {todos.map((t, i) => (
          <li key={t.id ?? i} className={`todo todo-${t.status}`}>
            <span className="todo-icon" aria-label={t.status}>
              {ICON[t.status] ?? '•'}
            </span>
            <span>{t.content}</span>
            {t.priority ? <span className="chip subtle">{t.priority}</span> : null}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
