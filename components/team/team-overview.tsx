'use client';
import { useState } from 'react';
import { Panel } from '@/components/ui/panel';
import type { TeamStatus } from '@/lib/team/team-status';
import type { OverviewRange } from '@/lib/view/overview-range';
import { TeamSessions } from './team-sessions';
import { TeamSpend } from './team-spend';

/** What counts as running now across the team: activity in the last 10 minutes (statuses stay on each machine). */
const ACTIVE_MS = 10 * 60_000;

/** The overview's team scope: spend per person and machine, what runs now, the newest sessions. */
export function TeamOverview({ team, range }: { team: Extract<TeamStatus, { configured: true }>; range: OverviewRange }) {
  // Fixed for the page's life, so the query key stays stable (it refreshes on its own).
  const [activeSince] = useState(() => Date.now() - ACTIVE_MS);
  return (
    <>
      <Panel title="Team" id="team-about">
        <p className="muted small" data-testid="team-about">
          Every machine that published into <code>{team.where}</code>; this one is <strong>{team.machine}</strong> ({team.person}). Only figures and metadata leave a machine (ids, titles, folders, agents, models, times,
          tokens, costs): no prompt, reply, reasoning or tool text.
          {team.publishing?.state === 'retrying' ? ` Publishing this machine is retrying: ${team.publishing.error ?? 'the team database did not answer'}.` : ''}
        </p>
      </Panel>
      <TeamSessions title="Active across the team (last 10 min)" id="team-active" params={`activeSince=${activeSince}&limit=50`} empty="No session in the team was active in the last 10 minutes." />
      <div className="grid-2">
        <TeamSpend by="person" from={range.from} rangeLabel={range.label} />
        <TeamSpend by="machine" from={range.from} rangeLabel={range.label} />
      </div>
      <TeamSessions title="Newest across the team" id="team-recent" params="limit=20" empty="Nothing published yet." />
    </>
  );
}
