import { z } from 'zod';
import { SOURCE_FILTERS } from '@/lib/model/source';
import type { ActivityHour } from './activity-hours';

const time = z.union([z.coerce.number().int().nonnegative(), z.iso.date().transform((d) => Date.parse(`${d}T00:00:00`))]);

/** Query parameters of `GET /api/activity`: hours of use from `from` (ms or a local day). */
export const activityQuerySchema = z.object({
  from: time.optional(),
  to: time.optional(),
  project: z.string().max(500).optional(),
  source: z.enum(SOURCE_FILTERS).optional(),
});
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

export interface ActivityResponse {
  complete: boolean;
  /** Local hours with any use, oldest first. */
  hours: ActivityHour[];
}
