import 'server-only';
import type { TeamStatus } from '@/lib/team/team-status';
import { existingRuntime } from '../store/get-store';
import { isTeamOnly, teamConfig } from './team-config';

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
