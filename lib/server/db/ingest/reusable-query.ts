import type { CompiledQuery } from 'kysely';

const SOURCE = -0x5e55_10; // a source id no database holds
const SESSION = '\u0000session';

/**
 * A query of one source's session compiled once and run for many: compiling is the costly step
 * of a query built per session (thousands in a cold ingest's change set), so it is built with
 * stand-in values and the stand-ins' positions are filled in per run.
 */
export function perSessionQuery(build: (sourceId: number, sessionID: string) => CompiledQuery): (sourceId: number, sessionID: string) => readonly unknown[] {
  const query = build(SOURCE, SESSION);
  const slots = query.parameters.map((p) => (p === SOURCE ? 'source' : p === SESSION ? 'session' : undefined));
  return (sourceId, sessionID) => query.parameters.map((p, i) => (slots[i] === 'source' ? sourceId : slots[i] === 'session' ? sessionID : p));
}

export function compiledOnce(build: (sourceId: number, sessionID: string) => CompiledQuery): CompiledQuery {
  return build(SOURCE, SESSION);
}
