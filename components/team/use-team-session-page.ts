'use client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import type { TeamFacets, TeamSessionPage } from '@/lib/team/team-query';
import { apiTeamSessionsQuery, type TeamTableQuery } from '@/lib/team/team-table-query';
import { TEAM_REFRESH_MS } from './use-team';

export const TEAM_PAGE_SIZE = 200;

/** One keyset page of the team's list (other machines' changes reach PostgreSQL, not this dashboard's events: polled). */
export function useTeamSessionPage(query: TeamTableQuery, cursor: string | undefined) {
  const params = apiTeamSessionsQuery(query, TEAM_PAGE_SIZE, cursor);
  return useQuery({ queryKey: ['team', 'sessions', `table:${params}`], queryFn: () => fetchJson<TeamSessionPage>(`/api/sessions?${params}`), refetchInterval: TEAM_REFRESH_MS, retry: false, placeholderData: keepPreviousData });
}

/** The people and machines to offer in the team's filters. */
export function useTeamFacets() {
  return useQuery({ queryKey: ['team', 'facets'], queryFn: () => fetchJson<TeamFacets>('/api/team/facets'), refetchInterval: TEAM_REFRESH_MS, retry: false });
}
