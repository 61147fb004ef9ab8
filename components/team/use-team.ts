'use client';
import { useQuery } from '@tanstack/react-query';
import { fetchJson } from '@/lib/client/fetch-json';
import type { StatsResponse } from '@/lib/view/api-types';
import type { TeamSessionPage } from '@/lib/team/team-query';
import type { TeamStatus } from '@/lib/team/team-status';

/** Other machines' changes reach the team database, not this dashboard's events: team answers are polled. */
export const TEAM_REFRESH_MS = 30_000;

/** `/api/team`: whether there is a team view (`--team-db`), and how publishing goes. */
export function useTeamStatus() {
  return useQuery({ queryKey: ['team', 'status'], queryFn: () => fetchJson<TeamStatus>('/api/team'), refetchInterval: TEAM_REFRESH_MS });
}

export function useTeamStats(params: string) {
  return useQuery({ queryKey: ['team', 'stats', params], queryFn: () => fetchJson<StatsResponse>(`/api/stats?scope=team&${params}`), refetchInterval: TEAM_REFRESH_MS, retry: false });
}

export function useTeamSessions(params: string) {
  return useQuery({ queryKey: ['team', 'sessions', params], queryFn: () => fetchJson<TeamSessionPage>(`/api/sessions?scope=team&${params}`), refetchInterval: TEAM_REFRESH_MS, retry: false });
}
