import { z } from 'zod';

/**
 * The bundled snapshot keeps one tuple per model so the file stays small enough to ship to the
 * browser and reads as one line per model in a diff:
 * `[input, output, cache_read, cache_write, context_limit | null, over_200k?]`, rates in USD per
 * 1M tokens, `over_200k = [input, output, cache_read | null, cache_write | null]`.
 */
export const SNAPSHOT_FORMAT =
  '[input, output, cache_read, cache_write, context_limit|null, over_200k?] USD per 1M tokens; over_200k = [input, output, cache_read|null, cache_write|null]';

const rate = z.number().finite().nonnegative();
const over200kTuple = z.tuple([rate, rate, rate.nullable(), rate.nullable()]);
const modelTuple = z.union([
  z.tuple([rate, rate, rate, rate, z.number().int().positive().nullable()]),
  z.tuple([rate, rate, rate, rate, z.number().int().positive().nullable(), over200kTuple]),
]);

export const snapshotSourceSchema = z.object({ label: z.string(), dataDate: z.string().optional() });

export const priceSnapshotSchema = z.object({
  source: z.string(),
  sources: z.array(snapshotSourceSchema),
  /** Newest `last_updated` among the models: how fresh the data is. */
  dataDate: z.string(),
  generated: z.string(),
  format: z.string(),
  providers: z.record(z.string(), z.record(z.string(), modelTuple)),
});

export type PriceSnapshot = z.infer<typeof priceSnapshotSchema>;
export type SnapshotModelTuple = z.infer<typeof modelTuple>;
export type SnapshotSource = z.infer<typeof snapshotSourceSchema>;
