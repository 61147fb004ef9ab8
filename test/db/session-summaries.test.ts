// The session table is a query on the session database's summary rows: the same sessions, order,
// totals and pages as the filters define over the summaries themselves (test/support/sessions-in-memory.ts).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SOURCE_FILTERS, SOURCE_KINDS } from '@/lib/model/source';
import { SESSION_SORTS, sessionFiltersSchema, type SessionFilters } from '@/lib/sessions/session-filters';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { SESSION_STATUSES } from '@/lib/status/session-status';
import { makeSummary } from '@/lib/view/test-sessions';
import { matchingSessionsPlan, projectFiguresPlan, sessionPagePlan } from '@/lib/server/db/queries/session-summaries';
import { runSync } from '@/lib/server/db/query-plan';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import type { SqliteSessionDb } from '@/lib/server/db/sqlite/sqlite-session-db';
import { getProjects } from '@/lib/server/queries/get-projects';
import { getMatchingSessions, getSessionPage } from '@/lib/server/queries/get-session-page';
import { SummaryRows } from '@/lib/server/store/summary-rows';
import { storeOn } from './support/session-db-store';
import { matchingSessions, selectSessions } from '../support/sessions-in-memory';

const NOW = 1_790_000_000_000;
const HOUR = 3_600_000;

function database() {
  const db = openSqliteSessionDb(null)!;
  let writes = 0;
  const target = {
    readWith: <T>(task: (d: SqliteSessionDb, ids: readonly number[]) => T) => task(db, [1, 2]),
    writeWith: (task: (d: SqliteSessionDb, ids: readonly number[]) => void) => {
      writes++;
      db.transaction(() => task(db, [1, 2]));
      return true;
    },
  };
  return { db, target, writes: () => writes };
}

const titleArb = fc.constantFrom('Fix the build', 'fix the BUILD', 'Add search', 'Émoji ✨ title', 'New session - 2026', 'zeta', '');
const summaryArb = (i: number): fc.Arbitrary<SessionSummary> =>
  fc
    .record({
      title: titleArb,
      firstPrompt: fc.option(fc.constantFrom('refactor the parser', 'Build a chart'), { nil: undefined }),
      projectID: fc.constantFrom('p1', 'p2', 'p3'),
      parent: fc.option(fc.nat(i), { nil: undefined }),
      archived: fc.boolean(),
      source: fc.constantFrom(...SOURCE_KINDS),
      created: fc.integer({ min: 0, max: 50 }),
      first: fc.integer({ min: 0, max: 50 }),
      span: fc.integer({ min: 0, max: 50 }),
      cost: fc.constantFrom(0, 0.1, 0.25, 1 / 3, 2.5),
      total: fc.constantFrom(0, 0.5, 1 / 7, 3),
      input: fc.integer({ min: 0, max: 3 }),
      messages: fc.integer({ min: 0, max: 4 }),
      models: fc.subarray(['anthropic/claude-x', 'openai/gpt-y', 'google/gemini-z']),
      agents: fc.subarray(['build', 'Sisyphus', 'SISYPHUS', 'plan']),
      status: fc.constantFrom(...SESSION_STATUSES),
      wroteHoursAgo: fc.integer({ min: 0, max: 4 }),
    })
    .map((r) =>
      makeSummary({
        id: `ses_${String(i).padStart(3, '0')}`,
        title: r.title,
        firstPrompt: r.firstPrompt,
        projectID: r.projectID,
        directory: `/work/${r.projectID}`,
        ...(r.parent !== undefined && r.parent < i ? { parentID: `ses_${String(r.parent).padStart(3, '0')}` } : {}),
        archived: r.archived,
        source: r.source,
        time: { created: NOW - 60 * HOUR + r.created * HOUR, updated: NOW },
        firstActivity: NOW - 60 * HOUR + r.first * HOUR,
        lastActivity: NOW - 60 * HOUR + (r.first + r.span) * HOUR,
        cost: r.cost,
        total: { sessionCount: 1, messageCount: r.messages, tokens: { input: r.input, output: 1, reasoning: 0, cacheRead: 0, cacheWrite: 0 }, cost: r.total, computedCost: 0, unpricedMessages: 0, unpricedModels: [] },
        tokens: { input: r.input, output: 1, reasoning: 0, cacheRead: 0, cacheWrite: 0 },
        messageCount: r.messages,
        models: r.models,
        agents: r.agents,
        status: { status: r.status, reason: 'as generated', lastWrite: NOW - r.wroteHoursAgo * HOUR },
      }),
    );
const historyArb = fc.integer({ min: 0, max: 60 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => summaryArb(i))));

const filterValues = {
  project: fc.constantFrom('p1', 'p2', 'nope'),
  roots: fc.constantFrom('1', '0'),
  q: fc.constantFrom('build', 'BUILD', 'chart', 'é', 'zz'),
  from: fc.integer({ min: 0, max: 100 }).map((h) => String(NOW - h * HOUR)),
  to: fc.integer({ min: 0, max: 100 }).map((h) => String(NOW - h * HOUR)),
  status: fc.constantFrom(...SESSION_STATUSES),
  needs: fc.constant('you'),
  model: fc.constantFrom('anthropic/claude-x', 'google/gemini-z', 'anthropic'),
  agent: fc.constantFrom('sisyphus', 'BUILD', 'pla'),
  source: fc.constantFrom(...SOURCE_FILTERS),
  archived: fc.constantFrom('1', '0'),
};
/** A few filters at once (with many, most queries match nothing), an order and a page size. */
const filtersArb: fc.Arbitrary<SessionFilters> = fc
  .tuple(
    fc.subarray(Object.keys(filterValues) as (keyof typeof filterValues)[], { maxLength: 3 }),
    fc.record(filterValues),
    fc.record({ sort: fc.constantFrom(...SESSION_SORTS), order: fc.constantFrom('asc', 'desc'), limit: fc.integer({ min: 1, max: 12 }).map(String) }),
  )
  .map(([keys, values, order]) => sessionFiltersSchema.parse({ ...Object.fromEntries(keys.map((k) => [k, values[k]])), ...order }));

/** Every page of the table, one after the other, as a page asks for them. */
function pages(next: (cursor: string | undefined) => { sessions: SessionSummary[]; total: number; nextCursor?: string }) {
  const out: { ids: string[]; total: number }[] = [];
  for (let cursor: string | undefined, n = 0; n < 100; n++) {
    const page = next(cursor);
    out.push({ ids: page.sessions.map((s) => s.id), total: page.total });
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  return out;
}

describe('the session table as a query on the session database', () => {
  it('lists the same sessions, in the same order, pages and totals as the filters define (property)', () => {
    fc.assert(
      fc.property(historyArb, fc.array(filtersArb, { minLength: 1, maxLength: 6 }), (history, queries) => {
        const { db, target } = database();
        const byId = new Map(history.map((s) => [s.id, s]));
        new SummaryRows(target, (id) => (byId.has(id) ? 1 : undefined)).write(byId.keys(), byId, true);
        for (const f of queries) {
          const sql = pages((cursor) => runSync(db, sessionPagePlan('sqlite', [1, 2], { ...f, cursor }, NOW)));
          const memory = pages((cursor) => selectSessions(history, { ...f, cursor }, NOW));
          expect(sql).toEqual(memory);
          expect(runSync(db, matchingSessionsPlan('sqlite', [1, 2], f, NOW))).toEqual(JSON.parse(JSON.stringify(matchingSessions(history, f, NOW))));
        }
        db.close();
      }),
      { numRuns: 200 },
    );
  });

  it('a page is read by its cursor: a session written above it since does not shift the next page', () => {
    const { db, target } = database();
    const history = new Map(Array.from({ length: 30 }, (_, i) => [`ses_${i}`, makeSummary({ id: `ses_${i}`, lastActivity: 1_000 + i })]));
    const rows = new SummaryRows(target, () => 1);
    rows.write(history.keys(), history, true);
    const f = sessionFiltersSchema.parse({ limit: '10' });
    const first = runSync(db, sessionPagePlan('sqlite', [1], f, NOW));
    expect(first.sessions.map((s) => s.id)).toEqual(Array.from({ length: 10 }, (_, i) => `ses_${29 - i}`));
    history.set('ses_new', makeSummary({ id: 'ses_new', lastActivity: 5_000 }));
    rows.write(['ses_new'], history);
    const second = runSync(db, sessionPagePlan('sqlite', [1], { ...f, cursor: first.nextCursor }, NOW));
    expect(second.sessions.map((s) => s.id)).toEqual(Array.from({ length: 10 }, (_, i) => `ses_${19 - i}`));
    expect(second.total).toBe(31);
    db.close();
  });

  it('writes only the summaries that changed, deletes those of sessions gone, and reads nothing of another source set', () => {
    const { db, target, writes } = database();
    const history = new Map(Array.from({ length: 5 }, (_, i) => [`ses_${i}`, makeSummary({ id: `ses_${i}`, projectID: i < 3 ? 'p1' : 'p2', cost: i })]));
    new SummaryRows(target, () => 1).write(history.keys(), history, true);
    expect(writes()).toBe(1);
    // A restart whose summaries came out as they were: nothing written.
    const restarted = new SummaryRows(target, () => 1);
    restarted.write(history.keys(), history, true);
    expect(writes()).toBe(1);
    history.set('ses_1', { ...history.get('ses_1')!, title: 'renamed' });
    history.delete('ses_4');
    restarted.write(history.keys(), history, true);
    expect(writes()).toBe(2);
    const all = runSync(db, matchingSessionsPlan('sqlite', [1], sessionFiltersSchema.parse({ sort: 'cost', order: 'asc' }), NOW));
    expect(all.map((s) => [s.id, s.title])).toEqual([['ses_0', 'Session ses_0'], ['ses_1', 'renamed'], ['ses_2', 'Session ses_2'], ['ses_3', 'Session ses_3']]);
    expect(runSync(db, projectFiguresPlan('sqlite', [1]))).toEqual(
      expect.arrayContaining([
        { projectID: 'p1', sessions: 3, roots: 3, cost: 3, lastActivity: 0, directory: '/home/me/app', kind: 'opencode-json' },
        { projectID: 'p2', sessions: 1, roots: 1, cost: 3, lastActivity: 0, directory: '/home/me/app', kind: 'opencode-json' },
      ]),
    );
    // Another dashboard's sources (ids 7, 8) see none of these rows.
    expect(runSync(db, sessionPagePlan('sqlite', [7, 8], sessionFiltersSchema.parse({}), NOW)).total).toBe(0);
    db.close();
  });
});

describe('the session table and projects of a real OpenCode history (1.18.33)', () => {
  it('lists every session the store holds, and each project counts its sessions, top-level sessions, cost and newest activity', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-summaries-'));
    cpSync(path.join(import.meta.dirname, '../fixtures/opencode-1.18.33'), dir, { recursive: true });
    const store = storeOn(dir, null);
    try {
      await store.start();
      const all = getMatchingSessions(store, sessionFiltersSchema.parse({ archived: '1' }));
      expect(all.map((s) => s.id).sort()).toEqual([...store.view.ids()].sort());
      expect(getSessionPage(store, sessionFiltersSchema.parse({ archived: '1', limit: '1000' })).sessions).toEqual(all);
      const expected = new Map<string, { sessions: number; roots: number; cost: number; lastActivity: number }>();
      for (const s of all) {
        const p = expected.get(s.projectID) ?? { sessions: 0, roots: 0, cost: 0, lastActivity: 0 };
        expected.set(s.projectID, { sessions: p.sessions + 1, roots: p.roots + (s.parentID ? 0 : 1), cost: p.cost + s.cost, lastActivity: Math.max(p.lastActivity, s.lastActivity) });
      }
      const projects = getProjects(store).filter((p) => p.sessionCount > 0);
      expect(projects.length).toBeGreaterThan(1);
      expect(new Map(projects.map((p) => [p.id, { sessions: p.sessionCount, roots: p.rootSessionCount, cost: Number(p.cost.toFixed(12)), lastActivity: p.lastActivity }]))).toEqual(
        new Map([...expected].map(([id, p]) => [id, { ...p, cost: Number(p.cost.toFixed(12)) }])),
      );
    } finally {
      store.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
