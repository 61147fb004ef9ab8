import type { z } from 'zod';

export type Reshaped<T> = { ok: true; value: T } | { ok: false; reason: string };

/** A short, human reason naming the first failing fields. */
export function parseFailure(error: z.ZodError): { ok: false; reason: string } {
  const first = error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  return { ok: false, reason: `schema: ${first.join('; ')}` };
}
