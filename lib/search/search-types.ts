import type { MessageRole } from '@/lib/model/message';
import type { SourceKind } from '@/lib/model/source';

/** What a search hit is: who said it and in what form. */
export const DOC_KINDS = ['prompt', 'reply', 'reasoning', 'tool-input', 'tool-output', 'title', 'todo', 'plan', 'file', 'error', 'other'] as const;
export type DocKind = (typeof DOC_KINDS)[number];

export const DOC_KIND_LABELS: Record<DocKind, string> = {
  prompt: 'prompt',
  reply: 'reply',
  reasoning: 'reasoning',
  'tool-input': 'tool call',
  'tool-output': 'tool output',
  title: 'title',
  todo: 'todo',
  plan: 'plan item',
  file: 'file',
  error: 'error',
  other: 'other',
};

/** One searchable piece of text: a field of a part, a session title, a todo. */
export interface SearchDoc {
  sessionID: string;
  messageID?: string;
  partID?: string;
  kind: DocKind;
  role?: MessageRole;
  agent?: string;
  model?: string;
  /** When it was written (ms). */
  time: number;
  body: string;
}

/** Text with the matched words marked as [start, end) character ranges (never HTML). */
export interface MarkedText {
  text: string;
  ranges: [number, number][];
}

/** A document found: where it is (session, message, part), the session's name, and the matched passage. */
export interface SearchHit extends Omit<SearchDoc, 'body'> {
  sessionTitle: string;
  source: SourceKind;
  projectID: string;
  snippet: MarkedText;
}

export interface SearchProgress {
  phase: 'starting' | 'indexing' | 'ready' | 'unavailable';
  /** Sessions brought up to date in this run, of those that needed it. */
  done: number;
  total: number;
  /** Sessions in the index. */
  sessions: number;
  /** Why search is unavailable (phase `unavailable`). */
  reason?: string;
  /** Sessions this dashboard's bulk build wrote (none when another dashboard on the same data built them). */
  built?: number;
  /** Build workers that died (a crash, their heap cap) and were started again. */
  retries?: number;
  /** Why the build gave up: what it did not write is read on the main thread instead. */
  failure?: string;
  /** Another dashboard on the same data (this pid) builds the index: `done`/`total` are its progress. */
  waitingFor?: number;
}

export interface SearchResponse {
  query: string;
  terms: string[];
  hits: SearchHit[];
  /** Matching documents (first page only), counted up to a cap: `totalCapped` says there are more. */
  total?: number;
  totalCapped?: boolean;
  nextCursor?: string;
  progress: SearchProgress;
  /** Why there are no hits although the index could hold some: the search ran out of time, or too many ran at once. */
  error?: string;
}
