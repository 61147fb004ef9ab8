import 'server-only';
import { machineIdentity } from './machine-identity';
import { checkTeamDbUrl, describeTeamDb, teamDbUrl } from './team-db-url';

export interface TeamConfig {
  url: string;
  /** host:port/database, for log lines and the page (never the user or password). */
  where: string;
  machine: string;
  person: string;
  /** `--publish-text`: the text of prompts, replies, reasoning and tool calls is published too. */
  publishText?: boolean;
}

/**
 * The team database the dashboard publishes to (`--team-db`, which the launcher puts in
 * SESSIONSCOPE_TEAM_DB with --machine and --person), or undefined when there is none.
 */
export function teamConfig(env: NodeJS.ProcessEnv = process.env): TeamConfig | undefined {
  const url = teamDbUrl(undefined, env);
  if (!url) return undefined;
  checkTeamDbUrl(url);
  return { url, where: describeTeamDb(url), ...machineIdentity({}, env), publishText: publishesText(undefined, env) };
}

/** `--publish-text`, or SESSIONSCOPE_PUBLISH_TEXT=1 (which the launcher sets for the flag). */
export function publishesText(flag: boolean | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  return Boolean(flag) || env.SESSIONSCOPE_PUBLISH_TEXT === '1';
}

/** `--team-only` (SESSIONSCOPE_TEAM_ONLY=1, with a team database): serve the team view alone, read nothing here. */
export function isTeamOnly(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.SESSIONSCOPE_TEAM_ONLY === '1' && Boolean(teamDbUrl(undefined, env));
}
