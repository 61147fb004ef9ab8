'use client';
import { displayTitle } from '@/lib/sessions/display-title';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import Link from 'next/link';
import { CostFigure } from '@/components/ui/cost-figure';
import { Counting } from '@/components/ui/loading';
import { Panel } from '@/components/ui/panel';
import { RelativeTime } from '@/components/ui/relative-time';
import { SessionLink, sessionHref } from '@/components/ui/session-link';
import { StatusBadge } from '@/components/ui/status-badge';
import { useListKeys } from '@/components/ui/use-list-keys';
import { baseName } from '@/lib/format/format-path';
import { formatCompact } from '@/lib/format/format-tokens';
import { plural } from '@/lib/format/plural';
import { totalTokenCount } from '@/lib/model/tokens';
import { stillCounting } from '@/lib/view/index-phase';
import { recentRoots } from '@/lib/view/live-sessions';
import { useFilterOptions } from '@/components/sessions/use-filter-options';
import type { RecentSessionsQuery } from './use-recent-sessions';

export function RecentSessions({ recent }: { recent: RecentSessionsQuery }) {
  const router = useRouter();
  const list = useMemo(() => (recent.data ? recentRoots(recent.data.sessions, 12) : []), [recent.data]);
  const open = useCallback((i: number) => list[i] && router.push(sessionHref(list[i].id)), [list, router]);
  const [selected] = useListKeys(list.length, open);
  const counting = stillCounting(recent.data?.index);
  const { projects } = useFilterOptions();
  const projectLabels = useMemo(() => new Map(projects.map((p) => [p.id, p.label])), [projects]);
  return (
    <Panel title="Recent sessions" actions={<Link href="/sessions?roots=1">All sessions →</Link>} id="recent">
      {recent.data && list.length === 0 ? <p className="muted">No sessions yet.</p> : null}
      <table className="table compact card-table" data-testid="recent-sessions">
        <tbody>
          {list.map((s, i) => (
            <tr key={s.id} data-session-id={s.id} aria-selected={i === selected} className={i === selected ? 'selected' : undefined}>
              <td>
                <StatusBadge status={s.status} />
              </td>
              <td className="title-cell" title={displayTitle(s).text}>
                <SessionLink session={s} />
                {s.childCount > 0 ? <span className="muted small"> · {plural(s.total.sessionCount - 1, 'subagent')}</span> : null}
              </td>
              <td className="muted card-hide">{projectLabels.get(s.projectID) ?? baseName(s.directory)}</td>
              <td className="num card-hide">{counting ? <Counting /> : formatCompact(totalTokenCount(s.total.tokens))}</td>
              <td className="num" data-testid="recent-cost">
                {counting ? <Counting /> : <CostFigure value={s.total} />}
              </td>
              <td className="muted num card-end">
                <RelativeTime ms={s.lastActivity} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
