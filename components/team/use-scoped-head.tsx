'use client';
import type { ReactNode } from 'react';
import { ScopeSwitch } from './scope-switch';
import { useTeamScope, type ConfiguredTeam } from './use-team-scope';

/**
 * A page's heading with the "This machine | Team" switch (where --team-db names a team database,
 * and not with --team-only, which has no machine to switch to), and the team when it is chosen.
 */
export function useScopedHead(title: string, teamTitle: string): { head: ReactNode; team: ConfiguredTeam | undefined } {
  const { team, scope } = useTeamScope();
  const head = (
    <div className="page-head">
      <h1 className="page-title">{scope === 'team' ? teamTitle : title}</h1>
      {team && !team.teamOnly ? <ScopeSwitch scope={scope} /> : null}
    </div>
  );
  return { head, team: scope === 'team' ? team : undefined };
}
