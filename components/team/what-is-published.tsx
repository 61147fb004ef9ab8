import type { ConfiguredTeam } from './use-team-scope';

/** Said wherever the team's rows are shown: what left each machine, and what did not. */
export function WhatIsPublished({ team }: { team: ConfiguredTeam }) {
  return (
    <p className="muted small" data-testid="team-about">
      Every machine that published into <code>{team.where}</code>; this one is <strong>{team.machine}</strong> ({team.person}). Only figures and metadata leave a machine (ids, titles, folders, agents, models, times, tokens,
      costs, statuses, tool names and outcomes): no prompt, reply, reasoning or tool text, so a transcript is read on its own machine.
      {team.publishing?.state === 'retrying' ? ` Publishing this machine is retrying: ${team.publishing.error ?? 'the team database did not answer'}.` : ''}
    </p>
  );
}
