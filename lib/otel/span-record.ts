/** An attribute value as OpenTelemetry takes it (no nested objects). */
export type AttributeValue = string | number | boolean | string[];

/**
 * One span, as plain data: times in ms since the epoch, ids in hex. The server side turns these
 * into the SDK's ReadableSpan objects for the official exporter.
 */
export interface SpanRecord {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: 'internal' | 'client';
  start: number;
  end: number;
  attributes: Record<string, AttributeValue>;
  /** Set when the step or tool call failed: the span's status is ERROR with this message. */
  error?: string;
}

/** One turn of a root session, with its subagents' turns nested in: one trace. */
export interface TraceRecord {
  traceId: string;
  /** The root session whose turn this is, and the turn (its prompt's message id). */
  sessionID: string;
  turnID: string;
  spans: SpanRecord[];
}
