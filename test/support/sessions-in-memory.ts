// The session table's filters, order and keyset pages over summaries held in memory: what the
// dashboard did before the list became a query on the session database (db/queries/session-summaries.ts),
// kept as the independent definition that query is checked against.
import { matchesSource } from '@/lib/model/source';
import { decodeCursor, encodeCursor, type Key, type SessionFilters, type SessionPage } from '@/lib/sessions/session-filters';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { needsYou } from '@/lib/status/session-status';

function sortValue(s: SessionSummary, sort: SessionFilters['sort']): number | string {
  switch (sort) {
    case 'created': return s.time.created;
    case 'cost': return s.cost;
    case 'totalCost': return s.total.cost;
    case 'tokens': return s.tokens.input + s.tokens.output + s.tokens.reasoning + s.tokens.cacheRead + s.tokens.cacheWrite;
    case 'messages': return s.messageCount;
    case 'title': return s.title.toLowerCase();
    default: return s.lastActivity;
  }
}

export function matchesFilters(s: SessionSummary, f: SessionFilters, now = Date.now()): boolean {
  if (f.project && s.projectID !== f.project) return false;
  if (f.roots && s.parentID) return false;
  if (!f.archived && s.archived) return false;
  if (f.q && !s.title.toLowerCase().includes(f.q.toLowerCase()) && !s.firstPrompt?.toLowerCase().includes(f.q.toLowerCase())) return false;
  if (f.from !== undefined && s.lastActivity < f.from) return false;
  if (f.to !== undefined && s.firstActivity > f.to) return false;
  if (f.status && s.status.status !== f.status) return false;
  if (f.needs === 'you' && !needsYou(s.status, now)) return false;
  if (f.model && !s.models.includes(f.model)) return false;
  if (f.agent && !s.agents.some((a) => a.toLowerCase() === f.agent?.toLowerCase())) return false;
  if (f.source && !matchesSource(s.source, f.source)) return false;
  return true;
}

type Compare = (a: Key, b: Key) => number;

function sortedMatches(all: Iterable<SessionSummary>, f: SessionFilters, now: number): { keyed: { s: SessionSummary; key: Key }[]; compare: Compare } {
  const dir = f.order === 'asc' ? 1 : -1;
  const compare: Compare = (a, b) => (a[0] < b[0] ? -dir : a[0] > b[0] ? dir : a[1] < b[1] ? -dir : a[1] > b[1] ? dir : 0);
  const keyed = [...all].filter((s) => matchesFilters(s, f, now)).map((s) => ({ s, key: [sortValue(s, f.sort), s.id] as Key }));
  keyed.sort((a, b) => compare(a.key, b.key));
  return { keyed, compare };
}

/** Every session the filters match, in table order: what an export holds. */
export function matchingSessions(all: Iterable<SessionSummary>, f: SessionFilters, now = Date.now()): SessionSummary[] {
  return sortedMatches(all, f, now).keyed.map((item) => item.s);
}

/** Filters, sorts (stable: ties by id) and pages with a keyset cursor, so live inserts never shift pages. */
export function selectSessions(all: Iterable<SessionSummary>, f: SessionFilters, now = Date.now()): SessionPage {
  const { keyed, compare } = sortedMatches(all, f, now);
  const after = decodeCursor(f.cursor);
  const start = after ? keyed.findIndex((item) => compare(item.key, after) > 0) : 0;
  const slice = start < 0 ? [] : keyed.slice(start, start + f.limit);
  const last = slice.at(-1);
  const more = start >= 0 && start + f.limit < keyed.length;
  return { sessions: slice.map((item) => item.s), total: keyed.length, nextCursor: more && last ? encodeCursor(last.key) : undefined };
}
