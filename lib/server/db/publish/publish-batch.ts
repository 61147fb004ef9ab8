import 'server-only';
import { sql } from 'kysely';
import { queryBuilder } from '../builders';
import { dropEmptyTotals, shiftTotals } from '../ingest/rollup';
import type { PostgresSessionDb } from '../postgres/postgres-session-db';
import type { PlanTable, SessionDb } from '../schema';
import type { PublishedText } from '@/lib/team/published-text';
import type { LocalSessions } from './local-rows';

const k = queryBuilder('postgres');
/** Rows per INSERT: 17 columns x 2,000 stays well under PostgreSQL's 65,535 parameters. */
const ROWS_PER_INSERT = 2_000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) out.push(rows.slice(i, i + ROWS_PER_INSERT));
  return out;
}

/** An insert that overwrites the row of the same key (a message moved to a session written earlier). */
function upsert<T extends 'session' | 'message' | 'project' | 'plan'>(table: T, rows: Record<string, unknown>[], keys: string[]) {
  const columns = Object.keys(rows[0]!).filter((c) => !keys.includes(c));
  return k
    .insertInto(table)
    .values(rows as never)
    .onConflict((oc) => oc.columns(keys as never).doUpdateSet(Object.fromEntries(columns.map((c) => [c, sql.ref(`excluded.${c}`)])) as never))
    .compile();
}

/** Text rows per INSERT: at most this many characters of text in one statement (a row is capped at 32,000). */
const TEXT_CHARS_PER_INSERT = 2_000_000;

function textChunks(rows: readonly PublishedText[]): PublishedText[][] {
  const out: PublishedText[][] = [];
  let chunk: PublishedText[] = [];
  let chars = 0;
  for (const row of rows) {
    if (chunk.length > 0 && (chars + row.text.length > TEXT_CHARS_PER_INSERT || chunk.length >= ROWS_PER_INSERT)) {
      out.push(chunk);
      chunk = [];
      chars = 0;
    }
    chunk.push(row);
    chars += row.text.length;
  }
  if (chunk.length > 0) out.push(chunk);
  return out;
}

/**
 * Replaces some sessions of one team source with the machine's rows, in one transaction: their
 * messages and usage rows are deleted and written anew, so running it twice (a retry after a commit
 * whose answer was lost) leaves the same rows, and a crash leaves the sessions as they were. Their
 * text (`--publish-text`) is replaced the same way: `texts` is all of it there is, none without the flag.
 */
export async function writeSessions(db: PostgresSessionDb, teamSourceId: number, local: LocalSessions, gone: readonly string[], texts: readonly PublishedText[] = []): Promise<void> {
  const ids = [...local.sessions.map((s) => String(s.id)), ...gone];
  if (ids.length === 0) return;
  const withSource = <R extends object>(rows: readonly R[]) => rows.map((row) => ({ source_id: teamSourceId, ...row }));
  await db.transaction(async (client) => {
    // The sessions' usage leaves the source's totals with their usage rows, and comes back with the new ones.
    await db.run(shiftTotals('postgres', teamSourceId, ids, -1), client);
    for (const table of ['message', 'usage_rollup', 'part', 'part_text'] as const) await db.run(k.deleteFrom(table).where('source_id', '=', teamSourceId).where('session_id', 'in', ids).compile(), client);
    if (gone.length > 0) {
      await db.run(k.deleteFrom('session_status').where('source_id', '=', teamSourceId).where('session_id', 'in', [...gone]).compile(), client);
      await db.run(k.deleteFrom('session').where('source_id', '=', teamSourceId).where('id', 'in', [...gone]).compile(), client);
    }
    for (const rows of chunks(withSource(local.sessions))) await db.run(upsert('session', rows, ['source_id', 'id']), client);
    for (const rows of chunks(withSource(local.messages))) await db.run(upsert('message', rows, ['source_id', 'id']), client);
    for (const rows of chunks(withSource(local.rollups))) await db.run(k.insertInto('usage_rollup').values(rows as never).compile(), client);
    await db.run(shiftTotals('postgres', teamSourceId, ids, 1), client);
    await db.run(dropEmptyTotals('postgres', teamSourceId), client);
    for (const rows of chunks(withSource(local.parts))) await db.run(k.insertInto('part').values(rows as never).compile(), client);
    for (const rows of textChunks(texts)) await db.run(k.insertInto('part_text').values(withSource(rows)).compile(), client);
  });
}

/** Removes every text a source published (its machine publishes without `--publish-text` now); how many rows went. */
export async function deleteTexts(db: PostgresSessionDb, teamSourceId: number): Promise<number> {
  return db.run(k.deleteFrom('part_text').where('source_id', '=', teamSourceId).compile());
}

/** The source's projects made the machine's: upserted, and those it no longer has removed. */
export async function writeProjects(db: PostgresSessionDb, teamSourceId: number, projects: readonly SessionDb['project'][]): Promise<void> {
  await db.transaction(async (client) => {
    const kept = projects.map((p) => p.id);
    await db.run(k.deleteFrom('project').where('source_id', '=', teamSourceId).where('id', 'not in', kept.length > 0 ? kept : ['']).compile(), client);
    for (const rows of chunks(projects)) await db.run(upsert('project', rows as unknown as Record<string, unknown>[], ['source_id', 'id']), client);
  });
}

/** The digests of the sessions the team database holds of a source (what it was last given), or of some of them. */
export async function publishedDigests(db: PostgresSessionDb, teamSourceId: number, only?: readonly string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>();
  const slices = only ? chunks(only) : [undefined];
  for (const ids of slices) {
    let query = k.selectFrom('session').select(['id', 'digest']).where('source_id', '=', teamSourceId);
    if (ids) query = query.where('id', 'in', ids.length > 0 ? ids : ['']);
    for (const r of await db.all(query.compile())) out.set(String(r.id), r.digest === null ? null : String(r.digest));
  }
  return out;
}

/** The statuses the team database holds of some sessions of a source. */
export async function publishedStatuses(db: PostgresSessionDb, teamSourceId: number, ids: readonly string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const slice of chunks(ids)) {
    const rows = await db.all(k.selectFrom('session_status').select(['session_id', 'status']).where('source_id', '=', teamSourceId).where('session_id', 'in', slice).compile());
    for (const r of rows) out.set(String(r.session_id), String(r.status));
  }
  return out;
}

/** Sets (or, undefined, removes) sessions' statuses in one transaction: one statement per status, as few kinds as there are. */
export async function writeStatuses(db: PostgresSessionDb, teamSourceId: number, statuses: ReadonlyMap<string, string | undefined>): Promise<void> {
  if (statuses.size === 0) return;
  const byStatus = new Map<string | undefined, string[]>();
  for (const [id, status] of statuses) byStatus.set(status, [...(byStatus.get(status) ?? []), id]);
  await db.transaction(async (client) => {
    for (const [status, ids] of byStatus) {
      for (const slice of chunks(ids)) {
        if (status === undefined) await db.run(k.deleteFrom('session_status').where('source_id', '=', teamSourceId).where('session_id', 'in', slice).compile(), client);
        else
          await db.run(
            k
              .insertInto('session_status')
              .values(slice.map((session_id) => ({ source_id: teamSourceId, session_id, status })))
              .onConflict((oc) => oc.columns(['source_id', 'session_id']).doUpdateSet({ status }))
              .compile(),
            client,
          );
      }
    }
  });
}

/** A machine's plans made the team database's: changed ones upserted, gone ones removed, in one transaction; how many changed. */
export async function writePlans(db: PostgresSessionDb, machine: string, rows: readonly PlanTable[]): Promise<number> {
  return db.transaction(async (client) => {
    const held = new Map((await db.all(k.selectFrom('plan').selectAll().where('machine', '=', machine).compile(), client)).map((r) => [String(r.key), r]));
    const same = (a: Record<string, unknown>, b: Record<string, unknown>) => Object.keys(b).every((c) => (a[c] === null || a[c] === undefined ? null : String(a[c])) === (b[c] === null || b[c] === undefined ? null : String(b[c])));
    const changed = rows.filter((r) => !held.has(r.key) || !same(held.get(r.key)!, r as unknown as Record<string, unknown>));
    const gone = [...held.keys()].filter((key) => !rows.some((r) => r.key === key));
    for (const slice of chunks(gone)) await db.run(k.deleteFrom('plan').where('machine', '=', machine).where('key', 'in', slice).compile(), client);
    for (const slice of chunks(changed)) await db.run(upsert('plan', slice as unknown as Record<string, unknown>[], ['machine', 'key']), client);
    return changed.length + gone.length;
  });
}

/** The ids of every session the team database holds of a source. */
export async function publishedIds(db: PostgresSessionDb, teamSourceId: number): Promise<Set<string>> {
  return new Set((await db.all(k.selectFrom('session').select('id').where('source_id', '=', teamSourceId).compile())).map((r) => String(r.id)));
}
