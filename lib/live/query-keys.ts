/** Query keys shared by the views and the live-update client, so events invalidate exactly what they affect. */
export const queryKeys = {
  sessions: (params?: string) => (params === undefined ? (['sessions'] as const) : (['sessions', params] as const)),
  session: (id: string) => ['session', id] as const,
  /** Every session page's queries (the prefix of `session(id)`). */
  allSessions: () => ['session'] as const,
  projects: () => ['projects'] as const,
  health: () => ['health'] as const,
  stats: (params?: string) => (params === undefined ? (['stats'] as const) : (['stats', params] as const)),
  activity: (params?: string) => (params === undefined ? (['activity'] as const) : (['activity', params] as const)),
  insights: (params?: string) => (params === undefined ? (['insights'] as const) : (['insights', params] as const)),
  plans: () => ['plans'] as const,
  search: (params?: string) => (params === undefined ? (['search'] as const) : (['search', params] as const)),
};

export interface ChangeEventData {
  sessions: string[];
  topics: string[];
}

/** The query key prefixes a change event makes stale. */
export function keysForChange(change: ChangeEventData): (readonly string[])[] {
  // Streamed text (OpenCode's server) shows on the session pages only: lists and charts stay.
  if (change.topics.length === 1 && change.topics[0] === 'stream') return change.sessions.map((id) => queryKeys.session(id));
  const keys: (readonly string[])[] = [];
  if (change.sessions.length > 0 || change.topics.includes('sessions') || change.topics.includes('index')) {
    keys.push(queryKeys.sessions(), queryKeys.stats(), queryKeys.activity(), queryKeys.insights(), queryKeys.projects());
  }
  for (const id of change.sessions) keys.push(queryKeys.session(id));
  // The first read is complete: every open session page had partial figures ("counting…").
  if (change.topics.includes('ready')) keys.push(queryKeys.allSessions());
  if (change.topics.includes('projects') && !keys.some((k) => k[0] === 'projects')) keys.push(queryKeys.projects());
  if (change.topics.includes('health') || change.topics.includes('index')) keys.push(queryKeys.health());
  // The search index writes after the store: it says so itself.
  if (change.topics.includes('search')) keys.push(queryKeys.search());
  // Plans show their sessions' status and cost, so session changes refresh them too.
  if (change.topics.includes('plans') || keys.some((k) => k[0] === 'sessions')) keys.push(queryKeys.plans());
  return keys;
}

/** Reconnect delay after `attempt` failures: 0.5 s doubling to 15 s. */
export function reconnectDelay(attempt: number): number {
  return Math.min(15_000, 500 * 2 ** Math.max(0, attempt));
}
