import 'server-only';
import { isRecordTime } from '@/lib/model/record-times';
import { buildTurns, type Turn } from '@/lib/sessions/build-turns';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { trimPart } from '@/lib/sessions/trim-part';
import type { SessionExport } from '@/lib/share/session-export';
import type { Store, SummaryLookup } from '../store/store';

/** A field of a shared file is cut past this (a 100 KB tool output says what it was without filling the file). */
const FIELD_CHARS = 20_000;
/** Parts in one file, over the session and its subagents: past this, further subagents are left out (and counted). */
const MAX_PARTS = 20_000;
const MAX_DEPTH = 4;

interface Budget {
  parts: number;
}

async function exportOf(store: Store, session: SessionSummary, summaries: SummaryLookup, depth: number, budget: Budget): Promise<SessionExport> {
  const messages = [...store.view.messages(session.id)];
  const held = await store.messageParts(session.id, messages.map((m) => m.id));
  // A part dated out of range is left out, as the session page leaves it out.
  const parts = [...held.values()].flatMap((m) => m.parts).filter((p) => isRecordTime(p.time?.start) && isRecordTime(p.time?.end));
  budget.parts -= parts.length;
  const turns = buildTurns(messages, parts).map(trimTurn);
  const children = store.view
    .childrenOf(session.id)
    .map((id) => summaries.get(id))
    .filter((s): s is SessionSummary => s !== undefined)
    .sort((a, b) => a.time.created - b.time.created);
  const subagents: SessionExport[] = [];
  let omitted = 0;
  for (const child of children) {
    if (depth >= MAX_DEPTH || budget.parts <= 0) omitted++;
    else subagents.push(await exportOf(store, child, summaries, depth + 1, budget));
  }
  return { session, turns, subagents, omittedSubagents: omitted };
}

function trimTurn(turn: Turn): Turn {
  const trim = (m: Turn['assistant'][number]) => ({ ...m, parts: m.parts.map((p) => trimPart(p, FIELD_CHARS)) });
  return { ...turn, user: turn.user ? trim(turn.user) : undefined, assistant: turn.assistant.map(trim) };
}

/** A session with all its turns and its subagents', for a shared file; undefined when there is no such session. */
export async function getSessionExport(store: Store, id: string): Promise<SessionExport | undefined> {
  await store.whenListed();
  const summaries = store.summaries();
  const session = summaries.get(id);
  if (!session) return undefined;
  return exportOf(store, session, summaries, 0, { parts: MAX_PARTS });
}
