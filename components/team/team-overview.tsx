'use client';
import { useState } from 'react';
import { Panel } from '@/components/ui/panel';
import type { OverviewRange } from '@/lib/view/overview-range';
import { TeamSessions } from './team-sessions';
import { TeamSpend } from './team-spend';
import type { ConfiguredTeam } from './use-team-scope';
import { WhatIsPublished } from './what-is-published';

/** What counts as running now across the team: activity in the last 10 minutes (statuses stay on each machine). */
const ACTIVE_MS = 10 * 60_000;

/** The overview's team scope: spend per person and machine, what runs now, the newest sessions. */
export function TeamOverview({ team, range }: { team: ConfiguredTeam; range: OverviewRange }) {
  // Fixed for the page's life, so the query key stays stable (it refreshes on its own).
  const [activeSince] = useState(() => Date.now() - ACTIVE_MS);
  return (
    <>
      <Panel title="Team" id="team-about">
        <WhatIsPublished team={team} />
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
