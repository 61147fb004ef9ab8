import 'server-only';
import { buildTurns, messageIdsOf, type Turn } from '@/lib/sessions/build-turns';
import { pageEnd, pageStart, PAGE_PARTS } from '@/lib/sessions/page-turns';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { mergeStreaming } from '@/lib/sessions/merge-streaming';
import { trimPart } from '@/lib/sessions/trim-part';
import type { Part } from '@/lib/model/part';
import { isRecordTime } from '@/lib/model/record-times';
import type { FileDiff, Todo } from '@/lib/model/todo';
import type { IndexPhase } from '@/lib/view/index-phase';
import type { ReadIssue } from '../readers/read-result';
import type { MessageParts } from '../store/part-cache';
import type { Store } from '../store/store';
import { forksPlan } from '../db/queries/session-summaries';
import { runSync } from '../db/query-plan';

export interface SessionDetail {
  session: SessionSummary;
  parent?: SessionSummary;
  children: SessionSummary[];
  /** The session this one was forked from (`forkedFrom`, when it is known here). */
  forkOrigin?: SessionSummary;
  /** Sessions forked from this one. */
  forks: SessionSummary[];
  /** The newest turns (or those before `before`), about `PAGE_PARTS` parts, long fields cut (`part.cut`). */
  turns: Turn[];
  /** Pass as `before` for the page of older turns; absent when this page reaches the first turn. */
  olderCursor?: string;
  turnCount: number;
  todos: Todo[];
  diffs: FileDiff[];
  /** What could not be read among this page's parts, todos and diffs. */
  issues: ReadIssue[];
  /** The first read's phase: until `ready`, the session's messages and figures may be partial. */
  index: IndexPhase;
}

/** Turns whose parts are read at first; further reads take as many as the page still seems to need. */
const FIRST_BATCH = 8;

/**
 * A session with one page of its turns, and its children. Only the page's messages' parts are
 * read (newest turns first, until the page is full); the step chart has its own query.
 */
export async function getSessionDetail(store: Store, id: string, before?: string): Promise<SessionDetail | undefined> {
  await store.whenListed();
  const summaries = store.summaries();
  const session = summaries.get(id);
  if (!session) return undefined;
  const messages = [...store.view.messages(id)];
  const skeleton = buildTurns(messages, []);
  const end = pageEnd(skeleton, before);
  const loaded = new Map<string, MessageParts>();
  const sizeOf = (i: number): number => messageIdsOf(skeleton[i] as Turn).reduce((n, m) => n + (loaded.get(m)?.parts.length ?? 0), 0);
  let floor = end;
  let start = end;
  let loadedParts = 0;
  for (let batch = FIRST_BATCH; floor > 0; ) {
    const next = Math.max(0, floor - batch);
    const ids = skeleton.slice(next, floor).flatMap(messageIdsOf);
    for (const [messageID, held] of await store.messageParts(id, ids)) {
      loaded.set(messageID, held);
      loadedParts += held.parts.length;
    }
    floor = next;
    const page = pageStart(sizeOf, floor, end, PAGE_PARTS);
    start = page.start;
    if (page.full) break;
    // Turns so far averaged: read about as many more as fill the page, and one over.
    const perTurn = Math.max(1, loadedParts / (end - floor));
    batch = Math.max(FIRST_BATCH, Math.ceil((PAGE_PARTS - loadedParts) / perTurn) + 1);
  }
  // A part dated out of range (1e300, negative) is one skipped record, listed: the page draws the rest.
  const badTimes: ReadIssue[] = [];
  const held = [...loaded.values()].flatMap((m) => m.parts).filter((part) => {
    if (isRecordTime(part.time?.start) && isRecordTime(part.time?.end)) return true;
    badTimes.push({ source: session.source, path: `session ${id} (part ${part.id.slice(0, 200)})`, kind: 'schema', reason: 'time is not a usable time (out of range)', at: Date.now() });
    return false;
  });
  // Text OpenCode's server is streaming right now, until the disk holds it.
  const parts: Part[] = mergeStreaming(held, new Set(loaded.keys()), store.live?.streamingOf(id) ?? []);
  const turns = buildTurns(messages, parts).slice(start, end);
  const extras = await store.extras(id);
  return {
    session,
    parent: session.parentID ? summaries.get(session.parentID) : undefined,
    forkOrigin: session.forkedFrom ? summaries.get(session.forkedFrom) : undefined,
    forks: store.summaryQuery((db, sourceIds) => runSync(db, forksPlan('sqlite', sourceIds, id))) ?? [],
    children: store.view
      .childrenOf(id)
      .map((child) => summaries.get(child))
      .filter((s): s is SessionSummary => s !== undefined)
      .sort((a, b) => a.time.created - b.time.created),
    turns: turns.map(trimTurn),
    olderCursor: start > 0 ? turns[0]?.id : undefined,
    turnCount: skeleton.length,
    todos: extras.todos,
    diffs: extras.diffs,
    issues: uniqueIssues([...extras.issues, ...badTimes, ...turns.flatMap(messageIdsOf).flatMap((m) => loaded.get(m)?.issues ?? [])]),
    index: { phase: store.progress.phase, figuresComplete: store.progress.figuresComplete },
  };
}

function uniqueIssues(issues: readonly ReadIssue[]): ReadIssue[] {
  return [...new Map(issues.map((issue) => [`${issue.path}\n${issue.reason}`, issue])).values()];
}

function trimTurn(turn: Turn): Turn {
  const trimMessage = (m: Turn['assistant'][number]) => ({ ...m, parts: m.parts.map((p) => trimPart(p)) });
  return { ...turn, user: turn.user ? trimMessage(turn.user) : undefined, assistant: turn.assistant.map(trimMessage) };
}
