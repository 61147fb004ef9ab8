import { mainArgOf, type PartMeta } from '@/lib/model/part-meta';
import { isUserRejection } from '@/lib/model/user-rejection';
import type { ToolStatus } from '@/lib/model/part';
import { finite, isObj, optFinite, optString, plainTokens, type Obj } from './plain-values';
import { reshapeTokens } from './reshape-tokens';

const optBoolean = (v: unknown): boolean => v === undefined || v === null || typeof v === 'boolean';
const optObj = (v: unknown): v is Obj | null | undefined => v === undefined || v === null || isObj(v);
const nonEmpty = (v: unknown): v is string => typeof v === 'string' && v !== '';
const STATUSES = new Set<unknown>(['pending', 'running', 'completed', 'error']);

/** A `time` field with only finite numbers (or none) where the schema reads them. */
function plainTime(v: unknown, keys: readonly string[]): v is Obj | null | undefined {
  if (v === undefined || v === null) return true;
  if (!isObj(v)) return false;
  for (const key of keys) if (!optFinite(v[key])) return false;
  return true;
}

/**
 * The PartMeta of a common, well-formed part record, without zod (a first read takes ~40,000 of
 * them; zod was most of that time). Anything unusual returns undefined and the schema path decides:
 * for every record this accepts, the result is the schema path's (tested).
 */
export function fastPartMeta(value: unknown, created?: number, updated?: number): PartMeta | undefined {
  if (!isObj(value)) return undefined;
  const { id, sessionID, messageID, type, time } = value;
  if (!nonEmpty(id) || !nonEmpty(sessionID) || !nonEmpty(messageID) || !nonEmpty(type)) return undefined;
  if (!plainTime(time, ['start', 'end', 'created'])) return undefined;
  const meta: PartMeta = { id, messageID, sessionID, type: type as PartMeta['type'], created: undefined, end: undefined };
  const ownTime = (): void => {
    const t = time as Obj | null | undefined;
    meta.created = created ?? ((t?.start ?? t?.created ?? undefined) as number | undefined);
    meta.end = (t?.end ?? undefined) as number | undefined;
  };
  switch (type) {
    case 'text':
      if (!optBoolean(value.synthetic) || !optBoolean(value.ignored)) return undefined;
      ownTime();
      break;
    case 'reasoning':
    case 'patch':
      ownTime();
      break;
    case 'step-start':
      if (!optString(value.snapshot)) return undefined;
      ownTime();
      break;
    case 'step-finish': {
      const { cost, tokens } = value;
      if (!(cost === undefined || finite(cost)) || !plainTokens(tokens)) return undefined;
      ownTime();
      meta.reason = typeof value.reason === 'string' ? value.reason : 'unknown';
      meta.cost = cost ?? 0;
      meta.tokens = reshapeTokens(tokens as Parameters<typeof reshapeTokens>[0]);
      break;
    }
    case 'tool': {
      const state = value.state;
      if (typeof value.tool !== 'string' || !isObj(state) || !STATUSES.has(state.status)) return undefined;
      if (!optObj(state.input) || !optObj(state.metadata) || !plainTime(state.time, ['start', 'end', 'compacted'])) return undefined;
      for (const key of ['raw', 'output', 'title', 'error'] as const) if (!optString(state[key])) return undefined;
      const t = state.time as Obj | null | undefined;
      meta.created = created ?? ((t?.start ?? undefined) as number | undefined);
      meta.end = (t?.end ?? undefined) as number | undefined;
      meta.tool = value.tool;
      meta.status = state.status as ToolStatus;
      meta.mainArg = mainArgOf((state.input ?? {}) as Obj);
      if (state.status === 'error' && typeof state.error === 'string' && isUserRejection(state.error)) meta.rejected = true;
      break;
    }
    default:
      return undefined;
  }
  if (updated !== undefined) meta.updated = updated;
  return meta;
}
