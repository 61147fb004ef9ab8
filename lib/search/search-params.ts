import { z } from 'zod';
import { MESSAGE_ROLES } from '@/lib/model/message';
import { matchesSource, SOURCE_FILTERS, SOURCE_KINDS } from '@/lib/model/source';
import { DOC_KINDS, type DocKind } from './search-types';

const time = z.union([z.coerce.number().int().nonnegative(), z.iso.date().transform((d) => Date.parse(`${d}T00:00:00`))]);
const kinds = z
  .string()
  .max(300)
  .transform((s) => s.split(',').filter((k): k is DocKind => (DOC_KINDS as readonly string[]).includes(k)));

/** `GET /api/search` parameters (the search page's URL shares them). */
export const searchParamsSchema = z.object({
  q: z.string().trim().min(1).max(500),
  source: z.enum(SOURCE_FILTERS).optional(),
  project: z.string().max(500).optional(),
  agent: z.string().max(300).optional(),
  model: z.string().max(300).optional(),
  from: time.optional(),
  /** A date means the whole day. */
  to: z.union([z.coerce.number().int().nonnegative(), z.iso.date().transform((d) => Date.parse(`${d}T00:00:00`) + 86_399_999)]).optional(),
  role: z.enum(MESSAGE_ROLES).optional(),
  /** Comma-separated kinds (`prompt,reply`); unknown names are ignored. */
  kind: kinds.optional(),
  session: z.string().max(200).optional(),
  /** `rank`: best first; `time`: oldest first (find in a session); `newest`: newest first. */
  order: z.enum(['rank', 'time', 'newest']).default('rank'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.coerce.number().int().min(0).max(100_000).optional(),
});
export type SearchParams = z.infer<typeof searchParamsSchema>;

/** The source kinds a `source` filter covers. */
export function sourceKindsOf(filter: SearchParams['source']) {
  return filter ? SOURCE_KINDS.filter((kind) => matchesSource(kind, filter)) : undefined;
}
