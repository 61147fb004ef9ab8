import { z } from 'zod';

/** The part of a models.dev `api.json` model that pricing needs; other fields pass unread. */
const rate = z.number().finite().nonnegative();
const tierSchema = z.object({ input: rate, output: rate, cache_read: rate.optional(), cache_write: rate.optional() });

export const modelsDevModelSchema = z.object({
  last_updated: z.string().optional(),
  limit: z.object({ context: z.number().nonnegative().optional() }).optional(),
  cost: z
    .object({
      input: rate,
      output: rate,
      cache_read: rate.optional(),
      cache_write: rate.optional(),
      context_over_200k: tierSchema.optional(),
    })
    .optional(),
});

export const modelsDevProviderSchema = z.object({ models: z.record(z.string(), z.unknown()) });

export type ModelsDevModel = z.infer<typeof modelsDevModelSchema>;
