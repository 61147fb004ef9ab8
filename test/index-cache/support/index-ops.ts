import fc from 'fast-check';
import { IndexCache, type SourceCache } from '@/lib/server/index-cache/index-cache';
import type { ChangeSet } from '@/lib/server/readers/read-result';

/** What happens to a source between two starts (or to the index itself). */
export type Op =
  | { kind: 'add'; session: number; n: number }
  | { kind: 'edit'; pick: number; n: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'deleteSession'; session: number }
  | { kind: 'corrupt'; pick: number }
  | { kind: 'dropIndex' };

export const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), session: fc.nat(4), n: fc.nat(10_000) }),
  fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), n: fc.nat(10_000) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('deleteSession' as const), session: fc.nat(4) }),
  fc.record({ kind: fc.constant('corrupt' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('dropIndex' as const) }),
);

/** What a user sees of a full read: sessions, every message's figures and the skipped records, in a stable order. */
export function answers(changes: ChangeSet) {
  return {
    sessions: changes.sessions.map((s) => s.id).sort(),
    messages: changes.messages.map((m) => JSON.stringify(m)).sort(),
    issues: changes.issues.map((i) => i.path).sort(),
  };
}

/**
 * One start: a reader made on the index file (none: a cold read without one) reads everything, what
 * `see` makes of it is kept, and the index is written before it is closed.
 */
export async function readOnce<R extends { readAll(): Promise<ChangeSet>; writeIndex(): Promise<void> }, A>(
  indexFile: string | undefined,
  make: (cache: SourceCache | undefined) => R,
  see: (changes: ChangeSet, reader: R) => A,
): Promise<A> {
  const cache = indexFile ? IndexCache.open(indexFile) : undefined;
  try {
    const reader = make(cache?.source('under-test'));
    const seen = see(await reader.readAll(), reader);
    await reader.writeIndex();
    return seen;
  } finally {
    cache?.close();
  }
}
