import type { SessionDetail } from '@/lib/view/api-types';
import { stillCounting } from '@/lib/view/index-phase';
import { ChildrenList } from './children-list';
import { DiffList } from './diff-list';
import { TodoList } from './todo-list';
import { Panel } from '@/components/ui/panel';

export function hasSidebar(d: SessionDetail): boolean {
  return d.todos.length + d.diffs.length + d.children.length + d.issues.length > 0;
}

export function SessionSidebar({ detail }: { detail: SessionDetail }) {
  if (!hasSidebar(detail)) return null;
  return (
    <aside className="session-sidebar">
      {detail.todos.length > 0 ? <TodoList todos={detail.todos} /> : null}
      {detail.diffs.length > 0 ? <DiffList diffs={detail.diffs} /> : null}
      {detail.children.length > 0 ? <ChildrenList sessions={detail.children} counting={stillCounting(detail.index)} /> : null}
      {detail.issues.length > 0 ? (
        <Panel title={`Read problems (${detail.issues.length})`} id="issues">
          <ul className="issue-list">
            {detail.issues.map((i, n) => (
              <li key={`${i.path}:${n}`}>
                <code>{i.path}</code>
                <div className="muted small">
                  {i.kind}: {i.reason}
                </div>
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}
    </aside>
  );
}
