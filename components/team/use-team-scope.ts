'use client';
import { useSearchParams } from 'next/navigation';
import type { Scope } from '@/lib/team/team-query';
import type { TeamStatus } from '@/lib/team/team-status';
import { useTeamStatus } from './use-team';

export type ConfiguredTeam = Extract<TeamStatus, { configured: true }>;

/**
 * Whether a page shows this machine or the team: `?scope=team` where --team-db names a team
 * database (always the team with --team-only, which reads nothing here); this machine otherwise.
 */
export function useTeamScope(): { team: ConfiguredTeam | undefined; scope: Scope } {
  const url = useSearchParams();
  const status = useTeamStatus().data;
  const team = status?.configured ? status : undefined;
  return { team, scope: team && (team.teamOnly || url.get('scope') === 'team') ? 'team' : 'machine' };
}
