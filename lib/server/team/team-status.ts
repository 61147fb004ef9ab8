import 'server-only';
import type { TeamStatus } from '@/lib/team/team-status';
import { existingRuntime } from '../store/get-store';
import { textPublishersPlan } from '../db/queries/team-text-search';
import { isTeamOnly, teamConfig } from './team-config';
import { getTeamDb } from './team-db';

export function teamStatus(): TeamStatus {
  let config;
  try {
    config = teamConfig();
  } catch {
    return { configured: false };
  }
  if (!config) return { configured: false };
  const publishing = existingRuntime()?.team?.status;
  return {
    configured: true,
    where: config.where,
    machine: config.machine,
    person: config.person,
    teamOnly: isTeamOnly(),
    publishText: !isTeamOnly() && config.publishText === true,
    ...(publishing ? { publishing: { state: publishing.state, publishedAt: publishing.publishedAt, error: publishing.error, retryAt: publishing.retryAt } } : {}),
  };
}

/** `GET /api/team`: the status, with the machines that publish their text (asked of the team database; left out when it does not answer). */
export async function teamStatusWithText(): Promise<TeamStatus> {
  const status = teamStatus();
  const team = status.configured ? getTeamDb() : undefined;
  if (!status.configured || !team) return status;
  try {
    return { ...status, textPublishedBy: await team.db.answer(textPublishersPlan()) };
  } catch {
    return status;
  }
}
