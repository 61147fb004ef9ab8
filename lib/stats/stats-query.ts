import { z } from 'zod';
import { isValidTimeZone } from '@/lib/accounting/time-keys';
import { SOURCE_FILTERS } from '@/lib/model/source';

const bool = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const time = z.union([z.coerce.number().int().nonnegative(), z.iso.date().transform((d) => Date.parse(`${d}T00:00:00`))]);

export const STATS_GROUPINGS = ['day', 'hour', 'week', 'month', 'model', 'provider', 'agent', 'project', 'session', 'source'] as const;

/** Query parameters of `GET /api/stats`. */
export const statsQuerySchema = z
  .object({
    groupBy: z.enum(STATS_GROUPINGS).default('day'),
    /** A second grouping inside each group: `groupBy=day&split=model` is each day's spend by model. */
    split: z.enum(STATS_GROUPINGS).optional(),
    from: time.optional(),
    to: time.optional(),
    project: z.string().max(500).optional(),
    roots: bool.optional(),
    source: z.enum(SOURCE_FILTERS).optional(),
    agent: z.string().max(300).optional(),
    session: z.string().max(300).optional(),
    timeZone: z.string().max(100).refine(isValidTimeZone, 'unknown time zone').optional(),
    /** Absent: the JSON the pages read. `json` or `csv`: a download (Content-Disposition: attachment). */
    format: z.enum(['json', 'csv']).optional(),
  })
  .refine((q) => q.split === undefined || q.split !== q.groupBy, { path: ['split'], message: 'must differ from groupBy' });
export type StatsQuery = z.infer<typeof statsQuerySchema>;
