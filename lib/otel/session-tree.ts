import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { SessionInfo } from '@/lib/model/session';

/** A session as the exporter reads it: its record, messages and part bodies (times filled from the index). */
export interface OtelSession {
  info: SessionInfo;
  messages: readonly MessageInfo[];
  parts: readonly Part[];
  /** The dashboard's status says its latest turn is still going (busy, retrying, waiting for subagents or an approval). */
  running: boolean;
}

/** A root session and its descendants, loaded: the traces of its turns are built from this alone. */
export interface SessionTree {
  session(id: string): OtelSession | undefined;
  children(id: string): readonly string[];
}

export interface TraceOptions {
  /** Prompt, completion and tool text on the spans (`--export-text`); without it, figures and names only. */
  exportText: boolean;
  /** The person whose sessions these are (`user.id` on each turn's root span). */
  user?: string;
}
