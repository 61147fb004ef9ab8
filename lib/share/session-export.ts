import type { Turn } from '@/lib/sessions/build-turns';
import type { SessionSummary } from '@/lib/sessions/session-summary';

/** One session as its shared file holds it: its summary, its turns (long fields cut), its subagents the same way. */
export interface SessionExport {
  session: SessionSummary;
  turns: Turn[];
  /** Subagents (and theirs), as deep as the export went. */
  subagents: SessionExport[];
  /** Subagents not included (too deep or over the export's size). */
  omittedSubagents: number;
}
