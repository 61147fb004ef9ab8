/** Tool calls of one group (a tool, a model or an agent), as SQL sums them. */
export interface CallFigures {
  calls: number;
  /** Calls that failed (not counting those the user turned down). */
  errors: number;
  /** Calls the user turned down at the permission prompt. */
  rejected: number;
  /** Calls with a start and an end (the durations' count). */
  timed: number;
  p50Ms?: number;
  p95Ms?: number;
}

/** Replies of one group (a model or an agent). */
export interface StepFigures {
  /** Assistant messages: one model reply each. */
  steps: number;
  output: number;
  /** Output tokens and milliseconds of the replies that record when they ended. */
  timedOutput: number;
  timedMs: number;
  /** Median time to first token of the replies that record it (nearest rank). */
  ttftP50Ms?: number;
  /** Replies that record their time to first token. */
  ttftCount?: number;
}

/** One row of the insights table, ready to show. */
export interface InsightRow {
  key: string;
  label: string;
  calls: number;
  errors: number;
  rejected: number;
  /** errors / calls; undefined without calls. */
  errorRate?: number;
  p50Ms?: number;
  p95Ms?: number;
  steps?: number;
  output?: number;
  /** Output tokens per second of reply time; undefined where no reply records its end. */
  outputPerSecond?: number;
  /** Median time to first token, where the agent records it. */
  ttftP50Ms?: number;
}

export interface InsightsResponse {
  by: 'tool' | 'model' | 'agent';
  /** False while sources are still being read: figures are partial. */
  complete: boolean;
  /** False when there is no session database to ask (tool calls are counted there only). */
  available: boolean;
  rows: InsightRow[];
}
