'use client';
import { Panel } from '@/components/ui/panel';
import type { OverviewRange } from '@/lib/view/overview-range';
import { TeamSessions } from './team-sessions';
import { TeamSpend } from './team-spend';
import { TeamTools } from './team-tools';
import type { ConfiguredTeam } from './use-team-scope';
import { WhatIsPublished } from './what-is-published';

/** The overview's team scope: what runs now (published statuses), spend per person and machine, tool calls, the newest sessions. */
export function TeamOverview({ team, range }: { team: ConfiguredTeam; range: OverviewRange }) {
  return (
    <>
      <Panel title="Team" id="team-about">
        <WhatIsPublished team={team} />
      </Panel>
      <TeamSessions title="Running now across the team" id="team-active" params="live=1&limit=50" empty="No session in the team is working or waiting for someone, as their machines last published." />
      <div className="grid-2">
        <TeamSpend by="person" from={range.from} rangeLabel={range.label} />
        <TeamSpend by="machine" from={range.from} rangeLabel={range.label} />
      </div>
      <TeamTools from={range.from} rangeLabel={range.label} />
      <TeamSessions title="Newest across the team" id="team-recent" params="limit=20" empty="Nothing published yet." />
    </>
  );
}
