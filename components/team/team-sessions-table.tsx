'use client';
import { Fragment, useState } from 'react';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { formatCost } from '@/lib/format/format-cost';
import { formatCount } from '@/lib/format/format-tokens';
import { plural } from '@/lib/format/plural';
import type { TeamSessionGroup } from '@/lib/team/team-query';
import { hasTeamFilters, writeTeamTableQuery, type TeamTableQuery } from '@/lib/team/team-table-query';
import { TeamSessionRow } from './team-session-row';
import type { ConfiguredTeam } from './use-team-scope';
import { TEAM_PAGE_SIZE, useTeamSessionPage } from './use-team-session-page';

const COLUMNS = ['Status', 'Who', 'Title', 'Project', 'Models', 'Msgs', 'Tokens', 'Cost', 'Last activity'];
const HEAD_CLASSES: Record<string, string> = { Status: 'card-hide', Project: 'card-hide', Models: 'card-hide hide-below-1200', Msgs: 'num card-hide', Tokens: 'num card-hide hide-below-900', Cost: 'num card-hide', 'Last activity': 'num card-hide', Who: 'card-hide', Title: 'card-hide' };

/** The columns of TeamSessionRow (none on a phone, where each row is a card and nothing sorts). */
export function TeamSessionsHead() {
  return (
    <thead>
      <tr>
        {COLUMNS.map((c) => (
          <th key={c} className={HEAD_CLASSES[c]}>
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function GroupRow({ group, by }: { group: TeamSessionGroup; by: 'person' | 'machine' }) {
  return (
    <tr className="team-group-row" data-group={group.key}>
      <th colSpan={COLUMNS.length} scope="rowgroup">
        <span className="muted small">{by === 'person' ? 'Person' : 'Machine'}</span> {group.key || '(unnamed)'}
        <span className="muted small">
          {' '}
          · {plural(group.sessions, 'session')} · {formatCost(group.cost)}
        </span>
      </th>
    </tr>
  );
}

/** The team's sessions, newest activity first (within each person or machine when grouped), 200 a page. */
export function TeamSessionsTable({ team, query, setQuery }: { team: ConfiguredTeam; query: TeamTableQuery; setQuery: (q: TeamTableQuery) => void }) {
  // cursors[i] opens page i; a new filter starts again at the first page.
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const filterKey = writeTeamTableQuery(query);
  const [cursorsFor, setCursorsFor] = useState(filterKey);
  if (cursorsFor !== filterKey) {
    setCursorsFor(filterKey);
    setCursors([undefined]);
  }
  const pageIndex = cursors.length - 1;
  const page = useTeamSessionPage(query, cursors[pageIndex]);
  if (page.error) return <ErrorState what="the team's sessions" error={page.error} />;
  if (!page.data) return <Loading what="the team's sessions" />;
  const { sessions, total, nextCursor } = page.data;
  const groups = new Map((page.data.groups ?? []).map((g) => [g.key, g]));
  if (total === 0) {
    return (
      <div className="empty-state small">
        <p>{hasTeamFilters(query) ? 'No session of the team matches these filters.' : 'Nothing published yet.'}</p>
        {hasTeamFilters(query) ? (
          <button type="button" className="link-button" onClick={() => setQuery({ roots: false, group: query.group })}>
            Clear filters
          </button>
        ) : null}
      </div>
    );
  }
  const first = pageIndex * TEAM_PAGE_SIZE;
  const here = (machine: string) => !team.teamOnly && machine === team.machine;
  const by = query.group;
  return (
    <>
      <div className="pager">
        <span data-testid="sessions-total">
          {total > sessions.length ? `${formatCount(first + 1)}–${formatCount(first + sessions.length)} of ` : ''}
          {plural(total, 'session')} across the team
          {page.isFetching ? ' · updating…' : ''}
        </span>
        {pageIndex > 0 ? (
          <button type="button" className="link-button" onClick={() => setCursors(cursors.slice(0, -1))}>
            ← Newer page
          </button>
        ) : null}
        {nextCursor ? (
          <button type="button" className="link-button" onClick={() => setCursors([...cursors, nextCursor])}>
            Next page →
          </button>
        ) : null}
      </div>
      <div className="table-box">
        <table className="table sessions-table card-table team-sessions-table" data-testid="team-sessions-table">
          <TeamSessionsHead />
          <tbody>
            {sessions.map((s, i) => {
              const key = by ? s[by] : undefined;
              const group = key !== undefined && (i === 0 || sessions[i - 1]![by!] !== key) ? groups.get(key) : undefined;
              return (
                <Fragment key={`${s.machine}/${s.source}/${s.id}`}>
                  {group && by ? <GroupRow group={group} by={by} /> : null}
                  <TeamSessionRow session={s} here={here(s.machine)} />
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
