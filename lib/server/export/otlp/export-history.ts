import 'server-only';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { tracesOfRoot, turnTraceId } from '@/lib/otel/turn-traces';
import { buildTurns } from '@/lib/sessions/build-turns';
import type { TraceRecord } from '@/lib/otel/span-record';
import type { Store } from '../../store/store';
import type { ExportLedger } from './export-ledger';
import { loadSessionTree, rootSessionIds } from './load-session-tree';
import { exportResource, personName, toReadableSpan } from './readable-spans';
import type { TraceSender } from './trace-sender';
import { getSessionStatuses } from '../../queries/get-session-statuses';

export interface ExportOptions {
  /** The traces URL: the ledger's key. */
  endpoint: string;
  sender: TraceSender;
  ledger: ExportLedger;
  exportText: boolean;
  /** Traces per request (default 100). */
  batch?: number;
  /** Only these root sessions (the dashboard's follower: those a change touched). Default: all. */
  roots?: readonly string[];
  onProgress?(done: number, total: number): void;
  /** A root session with turns still running (the dashboard's follower looks at it again later). */
  onRunning?(rootID: string): void;
}

export interface ExportSummary {
  sessions: number;
  /** Traces (turns) sent and acknowledged by this run, and their spans. */
  traces: number;
  spans: number;
  /** Turns the endpoint had acknowledged before: not sent again. */
  alreadySent: number;
  /** Turns still running: sent by a later run once finished. */
  running: number;
  /** Why the export stopped early; what was acknowledged before is recorded, a new run resumes. */
  failed?: string;
}

const SPANS_PER_REQUEST = 5_000;

/**
 * Sends every finished turn the endpoint has not acknowledged, root session by root session, in
 * requests of `batch` traces; each request's traces go into the ledger once acknowledged. A request
 * refused after the exporter's retries stops the run: nothing after it is sent out of order.
 */
export async function exportHistory(store: Store, options: ExportOptions): Promise<ExportSummary> {
  const user = personName();
  const resource = exportResource(user);
  const roots = options.roots ?? rootSessionIds(store);
  const batchSize = Math.max(1, options.batch ?? 100);
  const summary: ExportSummary = { sessions: 0, traces: 0, spans: 0, alreadySent: 0, running: 0 };
  const statuses = getSessionStatuses(store);
  let pending: TraceRecord[] = [];
  let pendingSpans = 0;

  const flush = async (): Promise<void> => {
    if (pending.length === 0) return;
    const spans: ReadableSpan[] = pending.flatMap((trace) => trace.spans.map((span) => toReadableSpan(span, resource)));
    await options.sender.send(spans);
    options.ledger.record(options.endpoint, pending);
    summary.traces += pending.length;
    summary.spans += spans.length;
    pending = [];
    pendingSpans = 0;
  };

  try {
    for (const [i, rootID] of roots.entries()) {
      // Every turn acknowledged already (turn ids come from the messages alone): no part is read.
      const turnIds = turnTraceIds(store, rootID);
      const known = options.ledger.acknowledged(options.endpoint, turnIds);
      if (known.size > 0 && known.size === turnIds.length) {
        summary.sessions++;
        summary.alreadySent += known.size;
        options.onProgress?.(i + 1, roots.length);
        continue;
      }
      const tree = await loadSessionTree(store, rootID, statuses);
      const { traces, running } = tracesOfRoot(rootID, tree, { exportText: options.exportText, user });
      const sent = options.ledger.acknowledged(options.endpoint, traces.map((t) => t.traceId));
      summary.sessions++;
      summary.running += running;
      if (running > 0) options.onRunning?.(rootID);
      summary.alreadySent += sent.size;
      for (const trace of traces) {
        if (sent.has(trace.traceId)) continue;
        pending.push(trace);
        pendingSpans += trace.spans.length;
        if (pending.length >= batchSize || pendingSpans >= SPANS_PER_REQUEST) await flush();
      }
      options.onProgress?.(i + 1, roots.length);
    }
    await flush();
  } catch (error) {
    summary.failed = (error as Error).message || String(error);
  }
  return summary;
}

/** The trace ids of a root session's turns, as tracesOfRoot derives them. */
function turnTraceIds(store: Store, rootID: string): string[] {
  return buildTurns([...store.view.messages(rootID)], []).map((turn) => turnTraceId(rootID, turn.id));
}
