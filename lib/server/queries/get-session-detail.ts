import 'server-only';
import { stepSeries, type StepRow } from '@/lib/charts/step-series';
import { buildTurns, type Turn } from '@/lib/sessions/build-turns';
import { sharedPrices } from '@/lib/pricing/lookup-price';
import { pageTurns } from '@/lib/sessions/page-turns';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { trimPart } from '@/lib/sessions/trim-part';
import type { FileDiff, Todo } from '@/lib/model/todo';
import type { ReadIssue } from '../readers/read-result';
import type { Store } from '../store/store';

export interface SessionDetail {
  session: SessionSummary;
  parent?: SessionSummary;
  children: SessionSummary[];
  /** The newest turns (or those before `before`), about `PAGE_PARTS` parts, long fields cut (`part.cut`). */
  turns: Turn[];
  /** Pass as `before` for the page of older turns; absent when this page reaches the first turn. */
  olderCursor?: string;
  turnCount: number;
  /** Every model step of the whole session, for its charts. */
  steps: StepRow[];
  todos: Todo[];
  diffs: FileDiff[];
  issues: ReadIssue[];
  partCount: number;
}

/** A session with one page of its turns (bodies read from its source, cached), and its children. */
export async function getSessionDetail(store: Store, id: string, before?: string): Promise<SessionDetail | undefined> {
  const summaries = store.summaryMap();
  const session = summaries.get(id);
  if (!session) return undefined;
  const content = await store.content(id);
  const parts = content?.parts ?? [];
  const turns = buildTurns([...store.view.messages(id)], parts);
  const page = pageTurns(turns, before);
  return {
    session,
    parent: session.parentID ? summaries.get(session.parentID) : undefined,
    children: store.view
      .childrenOf(id)
      .map((child) => summaries.get(child))
      .filter((s): s is SessionSummary => s !== undefined)
      .sort((a, b) => a.time.created - b.time.created),
    turns: page.turns.map(trimTurn),
    olderCursor: page.olderCursor,
    turnCount: turns.length,
    steps: stepSeries(turns, sharedPrices()),
    todos: content?.todos ?? [],
    diffs: content?.diffs ?? [],
    issues: content?.issues ?? [],
    partCount: parts.length,
  };
}

function trimTurn(turn: Turn): Turn {
  const trimMessage = (m: Turn['assistant'][number]) => ({ ...m, parts: m.parts.map((p) => trimPart(p)) });
  return { ...turn, user: turn.user ? trimMessage(turn.user) : undefined, assistant: turn.assistant.map(trimMessage) };
}
