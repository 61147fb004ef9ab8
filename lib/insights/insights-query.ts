import { z } from 'zod';
import { SOURCE_FILTERS } from '@/lib/model/source';

const time = z.union([z.coerce.number().int().nonnegative(), z.iso.date().transform((d) => Date.parse(`${d}T00:00:00`))]);

/** What tool and model insights group by. */
export const INSIGHT_DIMENSIONS = ['tool', 'model', 'agent'] as const;
export type InsightDimension = (typeof INSIGHT_DIMENSIONS)[number];

/** Query parameters of `GET /api/insights`: the stats page's filters (range, source, project). */
export const insightsQuerySchema = z.object({
  by: z.enum(INSIGHT_DIMENSIONS).default('tool'),
  from: time.optional(),
  to: time.optional(),
  project: z.string().max(500).optional(),
  source: z.enum(SOURCE_FILTERS).optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;
