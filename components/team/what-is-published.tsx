import { textNotice } from '@/lib/team/text-notice';
import type { ConfiguredTeam } from './use-team-scope';

/** Said wherever the team's rows are shown: what left each machine, and what did not. */
export function WhatIsPublished({ team }: { team: ConfiguredTeam }) {
  return (
    <p className="muted small" data-testid="team-about">
      Every machine that published into <code>{team.where}</code>; this one is <strong>{team.machine}</strong> ({team.person}). Figures and metadata leave every machine (ids, titles, folders, agents, models, times, tokens,
      costs, statuses, tool names and outcomes). <span data-testid="team-text-notice">{textNotice(team.textPublishedBy)}</span>
      {team.teamOnly ? '' : team.publishText ? ' This machine publishes its text.' : ' This machine does not publish its text.'}
      {team.publishing?.state === 'retrying' ? ` Publishing this machine is retrying: ${team.publishing.error ?? 'the team database did not answer'}.` : ''}
    </p>
  );
}
