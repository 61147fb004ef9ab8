import 'server-only';

/** `--team-db`, or SESSIONSCOPE_TEAM_DB; undefined when neither is set. */
export function teamDbUrl(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const url = (flag ?? env.SESSIONSCOPE_TEAM_DB)?.trim();
  return url ? url : undefined;
}

/** Throws (without repeating the URL, which may hold a password) unless it is a PostgreSQL URL. */
export function checkTeamDbUrl(url: string): void {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('--team-db must be a URL such as postgres://user@host:5432/database');
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') throw new Error(`--team-db must be a postgres:// URL, not ${parsed.protocol}//`);
}

/** The team database as a log line may name it: host, port and database, never the user or password. */
export function describeTeamDb(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname && parsed.pathname !== '/' ? parsed.pathname : '/'}`;
  } catch {
    return 'the team database';
  }
}
