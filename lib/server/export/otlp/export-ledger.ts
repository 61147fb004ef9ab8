import 'server-only';
import { queryBuilder } from '../../db/builders';
import type { SqliteSessionDb } from '../../db/sqlite/sqlite-session-db';
import type { TraceRecord } from '@/lib/otel/span-record';

/** Trace ids asked about at once (SQLite's bound parameters are limited). */
const LOOKUP_CHUNK = 500;

/**
 * The traces each endpoint acknowledged, in the session database: written only after the endpoint
 * answered 2xx, so a trace is sent again only if its acknowledgement never came.
 */
export class ExportLedger {
  private readonly k = queryBuilder('sqlite');

  constructor(private readonly db: SqliteSessionDb) {}

  /** Which of these traces the endpoint already acknowledged. */
  acknowledged(endpoint: string, traceIds: readonly string[]): Set<string> {
    const found = new Set<string>();
    for (let i = 0; i < traceIds.length; i += LOOKUP_CHUNK) {
      const chunk = traceIds.slice(i, i + LOOKUP_CHUNK);
      const query = this.k.selectFrom('otlp_export').select('trace_id').where('endpoint', '=', endpoint).where('trace_id', 'in', chunk).compile();
      for (const row of this.db.all(query)) found.add(row.trace_id);
    }
    return found;
  }

  record(endpoint: string, traces: readonly TraceRecord[], at = Date.now()): void {
    this.db.transaction(() => {
      for (const trace of traces) {
        const values = { endpoint, trace_id: trace.traceId, session_id: trace.sessionID, turn_id: trace.turnID, spans: trace.spans.length, exported_at: at };
        this.db.run(this.k.insertInto('otlp_export').values(values).onConflict((c) => c.columns(['endpoint', 'trace_id']).doNothing()).compile());
      }
    });
  }

  /** Traces acknowledged by the endpoint (the summary's figure). */
  count(endpoint: string): number {
    return Number(this.db.value(this.k.selectFrom('otlp_export').select((e) => e.fn.countAll().as('n')).where('endpoint', '=', endpoint).compile()) ?? 0);
  }
}
