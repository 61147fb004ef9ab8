import { z } from 'zod';
import { SOURCE_FILTERS } from '@/lib/model/source';
import { SESSION_STATUSES } from '@/lib/status/session-status';
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

/** A keyset cursor: the last row's sort value and id. */
export type Key = [number | string, string];
export const encodeCursor = (key: Key): string => Buffer.from(JSON.stringify(key)).toString('base64url');
export function decodeCursor(cursor: string | undefined): Key | undefined {
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
