import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { MessageInfo } from '@/lib/model/message';
import { emptyTokens } from '@/lib/model/tokens';
import { SessionBuilder } from './session-builder';

interface Line {
  id: string;
  parentId: string | null;
  /** What the line is: a message of this role, or an event attached to the message above it. */
  kind: 'user' | 'assistant' | 'event';
}

const message = (id: string, role: 'user' | 'assistant'): MessageInfo => ({ id, sessionID: 's', role, time: { created: 0 }, cost: 0, tokens: emptyTokens() });

/** The nearest message above `line`, walking the whole way up (what the builder's memo must equal). */
function walkUp(line: Line, byId: Map<string, Line>, roleOf: Map<string, Line['kind']>, userOnly: boolean): string | undefined {
  const seen = new Set<string>();
  for (let id = line.parentId; id !== null && !seen.has(id); id = byId.get(id)?.parentId ?? null) {
    seen.add(id);
    const role = roleOf.get(id);
    if (role !== undefined && (!userOnly || role === 'user')) return id;
  }
  return undefined;
}

/**
 * Lines of a transcript: each names an earlier line as its parent (or, now and then, a later one,
 * a missing one, or none), so that runs of events and long turns of replies are common.
 */
const lines = fc
  .array(fc.record({ kind: fc.constantFrom('user', 'assistant', 'assistant', 'event', 'event', 'event'), parent: fc.nat(), link: fc.constantFrom('earlier', 'earlier', 'earlier', 'earlier', 'previous', 'later', 'missing', 'root'), repeat: fc.constantFrom(false, false, false, false, false, false, false, true) }), { minLength: 1, maxLength: 120 })
  .map((raw) =>
    raw.map(({ kind, parent, link, repeat }, i): Line => {
      const parentId = link === 'root' ? null : link === 'missing' ? 'gone' : link === 'previous' ? (i > 0 ? `e${i - 1}` : null) : link === 'later' ? `e${i + 1 + (parent % 3)}` : i > 0 ? `e${parent % i}` : null;
      // Now and then a line repeats an earlier line's id (a file that repeats a line, or a hostile one).
      return { id: repeat && i > 0 ? `e${(parent * 7) % i}` : `e${i}`, parentId, kind: kind as Line['kind'] };
    }),
  );

describe('SessionBuilder.ancestorMessage', () => {
  it('finds, at each line read in file order, the message a walk all the way up finds (parents read later, missing, repeated ids, cycles)', () => {
    fc.assert(
      fc.property(lines, (transcript) => {
        const b = new SessionBuilder('s');
        // What has been read so far: a line named before it is read is not known yet.
        const byId = new Map<string, Line>();
        const roleOf = new Map<string, Line['kind']>();
        for (const line of transcript) {
          b.register(line);
          byId.set(line.id, line);
          for (const userOnly of [true, false]) expect(b.ancestorMessage(line, userOnly)?.id).toBe(walkUp(line, byId, roleOf, userOnly));
          if (line.kind === 'event') continue;
          b.addMessage(line, message(line.id, line.kind), []);
          roleOf.set(line.id, line.kind);
        }
      }),
      { numRuns: 500 },
    );
  });
});
