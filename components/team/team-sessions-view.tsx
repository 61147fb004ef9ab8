'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';
import { readTeamTableQuery, writeTeamTableQuery, type TeamTableQuery } from '@/lib/team/team-table-query';
import { TeamSessionFilterBar } from './team-session-filter-bar';
import { TeamSessionsTable } from './team-sessions-table';
import type { ConfiguredTeam } from './use-team-scope';
import { WhatIsPublished } from './what-is-published';

/** The Sessions page's team scope: every machine's sessions from the team database, filtered and grouped by person and machine. */
export function TeamSessionsView({ team }: { team: ConfiguredTeam }) {
  const search = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const query = useMemo(() => readTeamTableQuery(new URLSearchParams(search?.toString() ?? '')), [search]);
  const setQuery = useCallback((next: TeamTableQuery) => router.replace(`${pathname}?${writeTeamTableQuery(next)}`, { scroll: false }), [router, pathname]);
  return (
    <>
      <WhatIsPublished team={team} />
      <TeamSessionFilterBar query={query} setQuery={setQuery} />
      <TeamSessionsTable team={team} query={query} setQuery={setQuery} />
    </>
  );
}
