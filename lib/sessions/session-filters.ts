import { z } from 'zod';
import { matchesSource, SOURCE_FILTERS } from '@/lib/model/source';
import { needsYou, SESSION_STATUSES } from '@/lib/status/session-status';
import type { SessionSummary } from './session-summary';

const bool = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const time = z.union([z.coerce.number().int().nonnegative(), z.iso.date().transform((d) => Date.parse(`${d}T00:00:00`))]);

export const SESSION_SORTS = ['lastActivity', 'created', 'cost', 'totalCost', 'tokens', 'messages', 'title'] as const;

/** Filters of the session table, as URL parameters (the page and `GET /api/sessions` share them). */
export const sessionFiltersSchema = z.object({
  project: z.string().max(500).optional(),
  roots: bool.optional(),
  q: z.string().max(500).optional(),
  from: time.optional(),
  to: time.optional(),
  status: z.enum(SESSION_STATUSES).optional(),
  /** `you`: sessions that need you now (turn ended, approval waiting, error just now). */
  needs: z.enum(['you']).optional(),
  model: z.string().max(300).optional(),
  agent: z.string().max(300).optional(),
  source: z.enum(SOURCE_FILTERS).optional(),
  archived: bool.optional(),
  sort: z.enum(SESSION_SORTS).default('lastActivity'),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  cursor: z.string().max(1000).optional(),
  /** A download of every matching session (`limit` and `cursor` do not apply). */
  format: z.enum(['json', 'csv']).optional(),
});
export type SessionFilters = z.infer<typeof sessionFiltersSchema>;

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

export function matchesFilters(s: SessionSummary, f: SessionFilters): boolean {
  if (f.project && s.projectID !== f.project) return false;
  if (f.roots && s.parentID) return false;
  if (!f.archived && s.archived) return false;
  if (f.q && !s.title.toLowerCase().includes(f.q.toLowerCase()) && !s.firstPrompt?.toLowerCase().includes(f.q.toLowerCase())) return false;
  if (f.from !== undefined && s.lastActivity < f.from) return false;
  if (f.to !== undefined && s.firstActivity > f.to) return false;
  if (f.status && s.status.status !== f.status) return false;
  if (f.needs === 'you' && !needsYou(s.status, Date.now())) return false;
  if (f.model && !s.models.includes(f.model)) return false;
  if (f.agent && !s.agents.some((a) => a.toLowerCase() === f.agent?.toLowerCase())) return false;
  if (f.source && !matchesSource(s.source, f.source)) return false;
  return true;
}

type Key = [number | string, string];
const encodeCursor = (key: Key): string => Buffer.from(JSON.stringify(key)).toString('base64url');
function decodeCursor(cursor: string | undefined): Key | undefined {
  if (!cursor) return undefined;
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === 2 && (typeof key[0] === 'number' || typeof key[0] === 'string') && typeof key[1] === 'string') return [key[0], key[1]];
  } catch {
    // An unreadable cursor starts from the top.
  }
  return undefined;
}

export interface SessionPage {
  sessions: SessionSummary[];
  total: number;
  nextCursor?: string;
}

type Compare = (a: Key, b: Key) => number;

function sortedMatches(all: Iterable<SessionSummary>, f: SessionFilters): { keyed: { s: SessionSummary; key: Key }[]; compare: Compare } {
  const dir = f.order === 'asc' ? 1 : -1;
  const compare: Compare = (a, b) => (a[0] < b[0] ? -dir : a[0] > b[0] ? dir : a[1] < b[1] ? -dir : a[1] > b[1] ? dir : 0);
  const keyed = [...all].filter((s) => matchesFilters(s, f)).map((s) => ({ s, key: [sortValue(s, f.sort), s.id] as Key }));
  keyed.sort((a, b) => compare(a.key, b.key));
  return { keyed, compare };
}

/** Every session the filters match, in table order: what an export holds. */
export function matchingSessions(all: Iterable<SessionSummary>, f: SessionFilters): SessionSummary[] {
  return sortedMatches(all, f).keyed.map((item) => item.s);
}

/** Filters, sorts (stable: ties by id) and pages with a keyset cursor, so live inserts never shift pages. */
export function selectSessions(all: Iterable<SessionSummary>, f: SessionFilters): SessionPage {
  const { keyed, compare } = sortedMatches(all, f);
  const after = decodeCursor(f.cursor);
  const start = after ? keyed.findIndex((item) => compare(item.key, after) > 0) : 0;
  const slice = start < 0 ? [] : keyed.slice(start, start + f.limit);
  const last = slice.at(-1);
  const more = start >= 0 && start + f.limit < keyed.length;
  return { sessions: slice.map((item) => item.s), total: keyed.length, nextCursor: more && last ? encodeCursor(last.key) : undefined };
}
