/** A record exactly as OpenCode writes it to the JSON tree (ids included). */
export type Json = Record<string, unknown>;

/** What SQLite keeps next to a session row since the mid-2026 migrations. */
export interface SessionTotals {
  cost: number;
  tokens: { input: number; output: number; reasoning: number; cacheRead: number; cacheWrite: number };
  agent: string;
  model: { providerID: string; modelID: string };
}

/** Where generated records go: the JSON tree, the database, or both. */
export interface CorpusSink {
  project(project: Json): void;
  session(session: Json, totals: SessionTotals): void;
  message(message: Json): void;
  part(part: Json, created: number, updated: number): void;
  todos(sessionID: string, todos: Json[], at: number): void;
  close(): void;
}

export function teeSinks(sinks: readonly CorpusSink[]): CorpusSink {
  return {
    project: (p) => sinks.forEach((s) => s.project(p)),
    session: (s, t) => sinks.forEach((sink) => sink.session(s, t)),
    message: (m) => sinks.forEach((s) => s.message(m)),
    part: (p, c, u) => sinks.forEach((s) => s.part(p, c, u)),
    todos: (id, todos, at) => sinks.forEach((s) => s.todos(id, todos, at)),
    close: () => sinks.forEach((s) => s.close()),
  };
}
