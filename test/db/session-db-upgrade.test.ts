// A cache an earlier build wrote is migrated forward in place (schemas 8 and 11 here), and the next
// start fills what the new columns say; one whose migrations cannot apply is rebuilt (it is a
// cache): Codex CLI's recorded cost then reads "not recorded", never "$0 spent".
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { SCHEMA_VERSION } from '@/lib/server/db/migrations';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { getStats } from '@/lib/server/queries/get-stats';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import { CODEX_VERSION } from '../tools/agent-bins';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
});
/** What the start printed about rebuilding the database (it warns when it removes one). */
function rebuildWarnings() {
  const warn = vi.spyOn(console, 'warn');
  return () => warn.mock.calls.map((args) => String(args[0])).filter((line) => line.includes('rebuilt'));
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function codexStore(file: string): Store {
  const readers = createReaders({ opencodeDir: path.join(fixtures, 'none'), databases: [], codexDir: path.join(fixtures, `codex-${CODEX_VERSION}`, 'sessions') });
  return new Store(readers, { sessionDb: openSqliteSessionDb(file) });
}

const bySource = statsQuerySchema.parse({ groupBy: 'source' });
const byModel = statsQuerySchema.parse({ groupBy: 'model' });

/** What migration 12 added, taken away (a cache an earlier build left). */
const UNDO_USAGE_TOTAL = 'DROP TABLE usage_total; ALTER TABLE usage_rollup DROP COLUMN kind; ALTER TABLE usage_rollup DROP COLUMN project_id; ALTER TABLE usage_rollup DROP COLUMN directory;';
/** What migration 13 added (where a source's reader follows on from), taken away. */
const UNDO_RESUME_AT = 'ALTER TABLE source DROP COLUMN resume_at;';
/** What migration 15 added (a part's extras), taken away. */
const UNDO_PART_EXTRA = 'ALTER TABLE part DROP COLUMN extra;';
/** What migration 16 added (sessions whose usage is not summed yet), taken away. */
const UNDO_USAGE_PENDING = 'DROP TABLE usage_pending;';
/** What migration 17 added (the summaries' rows), taken away. */
const UNDO_SESSION_SUMMARY = 'DROP TABLE session_summary; DROP TABLE session_summary_body;';
/** What migration 18 added (whether the summaries' rows are current), taken away. */
const UNDO_SUMMARIES_AS = 'ALTER TABLE source DROP COLUMN data_generation; ALTER TABLE source DROP COLUMN summaries_as;';

describe('a session database its migrations cannot bring forward', () => {
  it('is rebuilt, and its sources are read into the new columns', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-upgrade-'));
    dirs.push(dir);
    const file = path.join(dir, 'sessions.db');
    const first = codexStore(file);
    await first.start();
    const before = getStats(first, bySource).total;
    first.stop();
    first.sessionDb!.close();
    expect(before.messages).toBeGreaterThan(0);
    expect(before.unrecordedMessages).toBe(before.messages);

    // Says schema 1, every source marked as read whole, but holds the later migrations' tables: they cannot run again.
    const raw = new Database(file);
    raw.exec('ALTER TABLE message DROP COLUMN cost_unrecorded; ALTER TABLE usage_rollup DROP COLUMN unrecorded_messages; DELETE FROM schema_migration WHERE version > 1;');
    expect(raw.prepare('SELECT count(*) FROM source WHERE complete_as IS NOT NULL').pluck().get()).toBeGreaterThan(0);
    raw.close();

    const rebuilt = rebuildWarnings();
    const second = codexStore(file);
    await second.start();
    expect(rebuilt()).toHaveLength(1);
    const after = getStats(second, bySource);
    second.stop();
    second.sessionDb!.close();
    expect(after.complete).toBe(true);
    expect(after.total.messages).toBe(before.messages);
    expect(after.total.unrecordedMessages).toBe(before.messages);
    const check = new Database(file, { readonly: true });
    expect(check.prepare('SELECT max(version) FROM schema_migration').pluck().get()).toBe(SCHEMA_VERSION);
    expect(check.prepare("SELECT count(*) FROM message WHERE role = 'assistant' AND cost_unrecorded = 0").pluck().get()).toBe(0);
    check.close();
  });
});

describe('a session database of schema 8 (before file entries)', () => {
  it('gives the transcripts their entries at the next start, while OpenCode keeps its mark and is not read for messages again', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-upgrade-files-'));
    dirs.push(dir);
    const file = path.join(dir, 'sessions.db');
    const opencode = path.join(fixtures, 'opencode-1.18.33');
    const claude = path.join(fixtures, 'claude-2.1.332', 'projects');
    const make = () => new Store(createReaders({ opencodeDir: opencode, databases: [path.join(opencode, 'opencode.db')], claudeDir: claude }), { sessionDb: openSqliteSessionDb(file) });
    /** One start; the messages each source's reader handed over (a source taken from the database hands none). */
    const start = async () => {
      const store = make();
      const taken = new Map<string, number>();
      store.onChange((change) => taken.set(change.index.reader.kind, (taken.get(change.index.reader.kind) ?? 0) + change.changes.messages.length));
      await store.start();
      const total = getStats(store, bySource);
      store.stop();
      return { taken, total };
    };
    const first = await start();
    expect(first.taken.get('claude')).toBeGreaterThan(0);
    expect(first.taken.get('opencode-sqlite')).toBeGreaterThan(0);

    const raw = new Database(file);
    raw.exec(`DROP TABLE source_file; ${UNDO_USAGE_TOTAL} ${UNDO_RESUME_AT} ${UNDO_PART_EXTRA} ${UNDO_USAGE_PENDING} ${UNDO_SESSION_SUMMARY} ${UNDO_SUMMARIES_AS} DELETE FROM schema_migration WHERE version > 8;`);
    raw.close();

    const rebuilt = rebuildWarnings();
    const upgraded = await start();
    expect(rebuilt()).toEqual([]);
    // The transcripts are read once more (their entries are written); OpenCode's database is not.
    expect(upgraded.taken.get('claude')).toBe(first.taken.get('claude'));
    expect(upgraded.taken.get('opencode-sqlite') ?? 0).toBe(0);
    expect(upgraded.total.total).toEqual(first.total.total);
    const check = new Database(file, { readonly: true });
    const transcripts = (readdirSync(claude, { recursive: true }) as string[]).filter((f) => f.endsWith('.jsonl')).length;
    expect(check.prepare('SELECT count(*) FROM source_file').pluck().get()).toBe(transcripts);
    check.close();

    const restart = await start();
    expect(restart.taken.get('claude') ?? 0).toBe(0);
    expect(restart.total.total).toEqual(first.total.total);
  });
});

describe('a session database of schema 11 (before the totals above the session)', () => {
  it('is given its totals from the usage rows it holds, reads no source again, and answers the same figures', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-upgrade-totals-'));
    dirs.push(dir);
    const file = path.join(dir, 'sessions.db');
    const opencode = path.join(fixtures, 'opencode-1.18.33');
    const claude = path.join(fixtures, 'claude-2.1.332', 'projects');
    const start = async () => {
      const store = new Store(createReaders({ opencodeDir: opencode, databases: [path.join(opencode, 'opencode.db')], claudeDir: claude }), { sessionDb: openSqliteSessionDb(file) });
      let taken = 0;
      store.onChange((change) => (taken += change.changes.messages.length));
      await store.start();
      const figures = { model: getStats(store, byModel), source: getStats(store, bySource) };
      store.stop();
      store.sessionDb!.close();
      return { taken, figures };
    };
    const first = await start();
    expect(first.figures.model.total.messages).toBeGreaterThan(0);

    const raw = new Database(file);
    raw.exec(`${UNDO_USAGE_TOTAL} ${UNDO_RESUME_AT} ${UNDO_PART_EXTRA} ${UNDO_USAGE_PENDING} ${UNDO_SESSION_SUMMARY} ${UNDO_SUMMARIES_AS} DELETE FROM schema_migration WHERE version > 11;`);
    raw.close();

    const rebuilt = rebuildWarnings();
    const upgraded = await start();
    expect(rebuilt()).toEqual([]);
    expect(upgraded.taken).toBe(0);
    expect(upgraded.figures.model.complete).toBe(true);
    // By model the totals answer; by source the usage rows do: both as before the upgrade.
    expect(upgraded.figures.model.groups).toEqual(first.figures.model.groups);
    expect(upgraded.figures.model.total).toEqual(first.figures.model.total);
    expect(upgraded.figures.source.total).toEqual(first.figures.model.total);
    const check = new Database(file, { readonly: true });
    expect(check.prepare('SELECT max(version) FROM schema_migration').pluck().get()).toBe(SCHEMA_VERSION);
    expect(check.prepare('SELECT sum(messages) FROM usage_total').pluck().get()).toBe(check.prepare('SELECT sum(messages) FROM usage_rollup').pluck().get());
    expect(check.prepare('SELECT count(*) FROM usage_rollup WHERE kind IS NULL').pluck().get()).toBe(0);
    check.close();
  });
});
