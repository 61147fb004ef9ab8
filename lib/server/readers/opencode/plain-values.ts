/**
 * Cheap checks that a parsed record's values are what the zod schemas accept as they are, for the
 * fast paths (fast-message.ts, fast-part-meta.ts): a value that fails one goes to the schema.
 */
export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
export const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
export const optString = (v: unknown): v is string | null | undefined => v === undefined || v === null || typeof v === 'string';
export const optFinite = (v: unknown): v is number | null | undefined => v === undefined || v === null || finite(v);

/** Token counts the schema reads unchanged (no `.catch` fallback taken). */
export function plainTokens(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (!isObj(v)) return false;
  for (const key of ['input', 'output', 'reasoning'] as const) if (v[key] !== undefined && !finite(v[key])) return false;
  const cache = v.cache;
  if (cache === undefined) return true;
  return isObj(cache) && (cache.read === undefined || finite(cache.read)) && (cache.write === undefined || finite(cache.write));
}
