import 'server-only';
import { timeOf } from '../pi/jsonl';
import { isTaskNotification, lineText } from './claude-context';
import { usesOneMillion } from './claude-context-window';
import type { ClaudeLine } from './claude-schema';

const TITLE_MAX = 100;

/**
 * What a transcript's session record takes from its lines, folded line by line, so that a read
 * from a cut (claude-resume.ts) goes on from the facts of the lines before it. Plain JSON: it is
 * kept with the file's entry in the session database. "Own" lines are those after a fork's copied
 * turns (the last line a fork copied resets them).
 */
export interface SessionFacts {
  /** Lines folded (ClaudeLines, the indexes entry ids `L<n>` count with). */
  lines: number;
  /** The last line's time (a line without one takes it). */
  now?: number;
  oneMillion: boolean;
  cwd?: string;
  version?: string;
  fork?: { from: string; upTo: number };
  own: {
    min?: number;
    max?: number;
    custom?: string;
    summary?: string;
    /** Summaries after `summary` whose leaf was not among the lines folded yet (it may come later). */
    pending: { summary: string; leaf: string }[];
    prompt?: string;
  };
}

export function noFacts(): SessionFacts {
  return { lines: 0, oneMillion: false, own: { pending: [] } };
}

function promptTitle(line: ClaudeLine): string | undefined {
  if (line.type !== 'user' || line.isMeta || line.isCompactSummary) return undefined;
  const text = lineText((line.message as { content?: unknown } | undefined)?.content).trim();
  if (!text || /^\s*<(local-)?command-/.test(text) || isTaskNotification(text)) return undefined;
  const first = text.split('\n')[0]?.trim() ?? '';
  return first.length > TITLE_MAX ? `${first.slice(0, TITLE_MAX - 1)}…` : first;
}

/** Whether a line is one a fork copied (a response the original session requested). */
export function isForkCopy(line: ClaudeLine, sessionID: string, parentID: string | undefined): boolean {
  return !parentID && line.type === 'assistant' && Boolean(line.requestSessionId) && line.requestSessionId !== sessionID;
}

/**
 * Folds lines into `facts` (changed in place; `times`: the lines' times, parsed once). A summary
 * names its leaf (a line's uuid): one whose leaf is not among these lines stays pending, for lines
 * that come later to name.
 */
export function foldFacts(facts: SessionFacts, lines: readonly ClaudeLine[], ids: { sessionID: string; parentID?: string }, times?: readonly (number | undefined)[]): SessionFacts {
  const uuids = new Set(lines.flatMap((l) => (l.uuid ? [l.uuid] : [])));
  // Summaries of earlier lines whose leaf is among these: the last such one is the newest that counts.
  const named = facts.own.pending.findLastIndex((p) => uuids.has(p.leaf));
  if (named >= 0) {
    facts.own.summary = facts.own.pending[named]?.summary;
    facts.own.pending = facts.own.pending.slice(named + 1);
  }
  lines.forEach((line, i) => {
    const index = facts.lines++;
    const at = times ? times[i] : timeOf(line.timestamp);
    if (at !== undefined) facts.now = at;
    if (usesOneMillion(line)) facts.oneMillion = true;
    if (facts.cwd === undefined && line.cwd) facts.cwd = line.cwd;
    if (line.version) facts.version = line.version;
    if (isForkCopy(line, ids.sessionID, ids.parentID)) {
      facts.fork = { from: line.requestSessionId as string, upTo: index };
      facts.own = { pending: [] };
      return;
    }
    const own = facts.own;
    if (at !== undefined) {
      own.min = Math.min(own.min ?? at, at);
      own.max = Math.max(own.max ?? at, at);
    }
    if (line.type === 'custom-title' && line.customTitle) own.custom = line.customTitle;
    if (line.type === 'summary' && line.summary) {
      if (!line.leafUuid || uuids.has(line.leafUuid)) {
        own.summary = line.summary;
        own.pending = [];
      } else own.pending.push({ summary: line.summary, leaf: line.leafUuid });
    }
    own.prompt ??= promptTitle(line);
  });
  return facts;
}
