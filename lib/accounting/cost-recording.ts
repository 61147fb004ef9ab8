import { sourceFamilyOf, type SourceFamily, type SourceKind } from '@/lib/model/source';

/** Agents that write no cost into their sessions: their spend is "not recorded", never $0. */
export const COST_UNRECORDED: readonly SourceFamily[] = ['codex', 'gemini'];

export function recordsCost(kind: SourceKind): boolean {
  return !COST_UNRECORDED.includes(sourceFamilyOf(kind));
}
