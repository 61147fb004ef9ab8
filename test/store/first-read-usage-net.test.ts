import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { session, sonnetOnly, tokens } from '@/lib/accounting/test-data';
import { queryBuilder } from '@/lib/server/db/builders';
import { sessionTallies } from '@/lib/server/db/queries/session-tallies';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { emptyChangeSet, type SourceReader } from '@/lib/server/readers/read-result';
import { SessionDbMirror } from '@/lib/server/store/session-db-mirror';
import { SourceIndex } from '@/lib/server/store/source-index';

const reader = { kind: 'opencode-sqlite', path: '/data/opencode.db', found: () => true } as unknown as SourceReader;
const totalInput = sql<{ n: number | null }>`SELECT sum(input) AS n FROM usage_total`.compile(queryBuilder('sqlite'));

describe("a first read's usage", () => {
  // A first read sums its sessions' usage once all its messages are in (Store.start says so for
  // every source). A whole read that ends without that word must not leave its figures at zero.
  it('is summed when the read ends whole, even if the end of its messages was never announced', () => {
    const db = openSqliteSessionDb(null)!;
    const index = new SourceIndex(reader, 10);
    const mirror = new SessionDbMirror(db, [index]);
    const changes = emptyChangeSet();
    changes.complete = true;
    changes.sessions.push(session('s1'));
    changes.messages.push({ id: 'm1', sessionID: 's1', role: 'assistant', time: { created: 1_780_000_000_000 }, cost: 0.5, tokens: tokens({ input: 100, output: 20 }), providerID: 'anthropic', modelID: 'claude-sonnet-4-5' });
    mirror.apply(index, changes);
    const sourceId = mirror.sourceIds()[0]!;
    // Deferred while the read runs: no figure yet.
    expect(sessionTallies(db, sourceId, sonnetOnly).get('s1')?.figure.tokens.input ?? 0).toBe(0);
    expect([...mirror.readWhole(index)]).toEqual(['s1']);
    expect(sessionTallies(db, sourceId, sonnetOnly).get('s1')?.figure).toMatchObject({ storedCost: 0.5, tokens: { input: 100, output: 20 } });
    expect(db.all(totalInput)[0]?.n).toBe(100);
    mirror.close();
  });
});
