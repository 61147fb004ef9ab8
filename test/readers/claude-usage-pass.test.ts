// Claude Code's first pass (claude-usage-pass.ts): the totals a start shows are complete once the
// transcripts' responses alone are read, before any tool result or attachment is parsed, and are
// then exactly what the full read gives. Real transcripts (Claude Code 2.1.328 and 2.1.332, and
// the hand-kept fixture) and a history made of copies of them (subagents, forks, streamed
// responses repeated over lines, a response without its own uuid), cold and at restarts.
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { getStats } from '@/lib/server/queries/get-stats';
import { ClaudeCodeReader, USAGE_POOL_MIN_FILES } from '@/lib/server/readers/claude/claude-reader';
import { summaryPoolCounts } from '@/lib/server/readers/read-pool/summary-read-pool';
import { CodexReader } from '@/lib/server/readers/codex/codex-reader';
import type { ChangeSet, FullReadOptions } from '@/lib/server/readers/read-result';
import { Store } from '@/lib/server/store/store';
import { statsQuerySchema } from '@/lib/stats/stats-query';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const CLAUDE_328 = path.join(FIXTURES, 'claude-2.1.328', 'projects');
const HOUR_AGO = new Date(Date.now() - 3_600_000);
const QUERIES = ['model', 'day', 'session', 'project', 'agent'].map((groupBy) => statsQuerySchema.parse({ groupBy, split: groupBy === 'day' ? 'model' : undefined, roots: groupBy === 'session' ? '1' : undefined }));

/** A reader that notes, after each stage of its first read is taken in, what the totals said then. */
class ObservedReader extends ClaudeCodeReader {
  readonly stages: { complete: boolean; messagesComplete: boolean; sessions: number; answers: ReturnType<typeof answersOf> }[] = [];
  store: Store | undefined;
  listings = 0;

  protected override listAll(): ReturnType<ClaudeCodeReader['listAll']> {
    this.listings++;
    return super.listAll();
  }

  override async *readAllStaged(options?: FullReadOptions): AsyncGenerator<ChangeSet> {
    for await (const stage of super.readAllStaged(options)) {
      yield stage;
      // The store asks for the next stage once this one is in (its messages counted).
      if (this.store) this.stages.push({ complete: stage.complete === true, messagesComplete: stage.messagesComplete === true, sessions: stage.sessions.length, answers: answersOf(this.store) });
    }
  }
}

/**
 * The totals by each grouping. A group's label (a session's title) is not a total: it follows the
 * full read. Dollars are summed in another order once the full read writes the responses again:
 * they agree to 12 digits, not to the last bit.
 */
function answersOf(store: Store) {
  return QUERIES.map((query) => {
    const { complete, total, groups } = getStats(store, query);
    const answer = { complete, total, groups: groups.map(({ label: _label, ...group }) => group) };
    return JSON.parse(JSON.stringify(answer, (_key, value: unknown) => (typeof value === 'number' && !Number.isInteger(value) ? Number(value.toPrecision(12)) : value))) as typeof answer;
  });
}

/**
 * One start on `dbFile` (none: in memory); the totals after each stage and at the end. A source
 * read after Claude Code's, as in the dashboard (Codex, here with no history): the totals are
 * complete only once its messages are in too.
 */
async function start(root: string, dbFile?: string, { readWorkers = false } = {}) {
  const reader = new ObservedReader(root, { readWorkers });
  const store = new Store([{ reader, priority: 0 }, { reader: new CodexReader(path.join(root, '..', 'no-codex')), priority: 0 }], { sessionDb: openSqliteSessionDb(dbFile ?? null) });
  reader.store = store;
  try {
    await store.start();
    // Whether the next start may answer from the database at once (it holds every source whole).
    const listings = reader.listings;
    return { stages: reader.stages, final: answersOf(store), whole: await store.databaseIsCurrent(), listings };
  } finally {
    store.stop();
  }
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sessionscope-usage-pass-'));
  dirs.push(dir);
  return dir;
}

/** The real transcripts' project folders, copied `copies` times with every id (uuids, message, request and tool ids) made each copy's own. */
function history(copies: number): string {
  const root = path.join(tempDir(), 'projects');
  for (let k = 1; k <= copies; k++) {
    const own = (text: string) => text.replace(/\b[0-9a-f]{8}(-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/g, (_m, rest: string) => `${String(k).padStart(8, '0')}${rest}`).replace(/\b(msg_|req_|toolu_)([A-Za-z0-9]+)/g, `$1$2x${k}`);
    for (const file of readdirSync(CLAUDE_328, { recursive: true }) as string[]) {
      const from = path.join(CLAUDE_328, file);
      if (!statSync(from).isFile()) continue;
      const to = path.join(root, own(file));
      mkdirSync(path.dirname(to), { recursive: true });
      writeFileSync(to, own(readFileSync(from, 'utf8')));
    }
  }
  return aged(root);
}

/**
 * Files under `root` dated an hour ago: a file written as a read begins is not trusted as read (its
 * time cannot tell a write in the same tick), so neither a source holding it is (`whole`).
 */
function aged(root: string): string {
  for (const file of readdirSync(root, { recursive: true }) as string[]) utimesSync(path.join(root, file), HOUR_AGO, HOUR_AGO);
  return root;
}

const transcripts = (root: string) => (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.jsonl')).map((f) => path.join(root, f)).sort();

/** A transcript's last response, written again as a new one a minute later (what a resumed session appends). */
function appendResponse(file: string, n: number): void {
  const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
  const last = lines.findLast((l) => l.includes('"type":"assistant"'));
  if (!last) throw new Error(`no response in ${file}`);
  const line = JSON.parse(last) as { uuid: string; timestamp: string; requestId?: string; message: { id: string } };
  line.uuid = `aaaaaaaa-0000-4000-8000-${String(n).padStart(12, '0')}`;
  line.timestamp = new Date(Date.parse(line.timestamp) + 60_000).toISOString();
  line.requestId = `req_appended${n}`;
  line.message.id = `msg_appended${n}`;
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** A response whose line has no uuid: named by its line's place, which only the whole transcript has. */
function withoutUuid(file: string): void {
  const lines = readFileSync(file, 'utf8').split('\n');
  const at = lines.findIndex((l) => l.includes('"type":"assistant"'));
  lines[at] = lines[at]!.replace(/"uuid":"[^"]+",?/, '');
  writeFileSync(file, lines.join('\n'));
}

/** The first complete totals came with the usage pass (before the full read), and are the full read's. */
function expectTotalsFirst(run: Awaited<ReturnType<typeof start>>): void {
  const [usage, full] = run.stages;
  expect(run.stages.length).toBe(2);
  expect(usage).toMatchObject({ complete: false, messagesComplete: true });
  expect(full?.complete).toBe(true);
  expect(usage?.answers.every((a) => a.complete)).toBe(true);
  expect(usage?.answers).toEqual(run.final);
  expect(run.final[0]?.total.messages).toBeGreaterThan(0);
  expect(run.whole).toBe(true);
}

describe('Claude Code: totals from a first pass over the responses', () => {
  it.each(['claude', 'claude-2.1.328', 'claude-2.1.332'])('on the real %s transcripts, cold: complete before the full read, and equal to it', async (fixture) => {
    const root = path.join(tempDir(), 'projects');
    cpSync(path.join(FIXTURES, fixture, 'projects'), root, { recursive: true });
    expectTotalsFirst(await start(aged(root)));
  });

  it('on a history of copies (subagents, forks, a response without its uuid, "assistant" inside a tool result)', async () => {
    const root = history(3);
    const [first, second] = transcripts(root).filter((f) => !f.includes('subagents') && readFileSync(f, 'utf8').includes('"type":"assistant"'));
    withoutUuid(first!);
    appendFileSync(second!, `${JSON.stringify({ type: 'user', message: { role: 'user', content: [{ type: 'text', text: 'x' }] }, toolUseResult: { type: 'assistant', role: 'assistant' }, uuid: 'bbbbbbbb-0000-4000-8000-000000000001', timestamp: '2026-11-22T18:00:00.000Z' })}\n`);
    const run = await start(aged(root));
    expectTotalsFirst(run);
    const cold = await start(history(3));
    expect(cold.final[0]?.total.messages).toBe(run.final[0]?.total.messages);
  });

  it('at a restart with transcripts appended to (a subagent\'s parent, one with a response without its uuid): the changed ones only, and the totals a cold start gives', async () => {
    const root = history(2);
    const dbFile = path.join(tempDir(), 'sessions.db');
    const [first] = transcripts(root).filter((f) => !f.includes('subagents') && readFileSync(f, 'utf8').includes('"type":"assistant"'));
    withoutUuid(first!);
    await start(aged(root), dbFile);
    // Every third transcript, and each one with subagents (their reads take its cost-state).
    const sessions = transcripts(root).filter((f) => !f.includes('subagents') && readFileSync(f, 'utf8').includes('"type":"assistant"'));
    const parents = sessions.filter((f) => existsSync(f.replace(/\.jsonl$/, '/subagents')));
    expect(parents.length).toBeGreaterThan(0);
    const appended = sessions.filter((file, i) => i % 3 === 0 || parents.includes(file));
    appended.forEach((file, i) => {
      appendResponse(file, i);
      utimesSync(file, HOUR_AGO, HOUR_AGO);
    });
    const restart = await start(root, dbFile);
    expectTotalsFirst(restart);
    // The first pass read those, and the subagents priced by their cost-state: no other transcript.
    const subagents = parents.flatMap((parent) => readdirSync(parent.replace(/\.jsonl$/, '/subagents')).filter((f) => f.endsWith('.jsonl')));
    expect(restart.stages[0]?.sessions).toBe(appended.length + subagents.length);
    expect((await start(root)).final).toEqual(restart.final);
  });

  it('at a restart with a transcript cut short: no first pass (its lost responses only a full read can list), and the right totals', async () => {
    const root = history(1);
    const dbFile = path.join(tempDir(), 'sessions.db');
    const before = await start(root, dbFile);
    const cut = transcripts(root).find((f) => !f.includes('subagents') && (readFileSync(f, 'utf8').match(/"type":"assistant"/g)?.length ?? 0) > 2)!;
    const lines = readFileSync(cut, 'utf8').split('\n');
    writeFileSync(cut, `${lines.slice(0, lines.findIndex((l) => l.includes('"type":"assistant"')) + 1).join('\n')}\n`);
    const restart = await start(root, dbFile);
    expect(restart.stages.length).toBe(1);
    expect(restart.final[0]?.total.messages).toBeLessThan(before.final[0]!.total.messages);
    expect((await start(root)).final).toEqual(restart.final);
  });
});

describe('Claude Code: the first pass on worker threads', () => {
  it('reads a history of many transcripts there, and gives what this thread gives', async () => {
    const root = history(Math.ceil(USAGE_POOL_MIN_FILES / 10) + 1);
    const files = transcripts(root).length;
    expect(files).toBeGreaterThanOrEqual(USAGE_POOL_MIN_FILES);
    const before = summaryPoolCounts().files;
    const onWorkers = await start(root, undefined, { readWorkers: true });
    // Each transcript twice: its usage, then its full read.
    expect(summaryPoolCounts().files - before).toBe(2 * files);
    expectTotalsFirst(onWorkers);
    expect(onWorkers.final).toEqual((await start(root)).final);
  });
});

describe('Claude Code: a first pass that fails', () => {
  it('leaves the totals to the full read', async () => {
    const root = history(1);
    const reader = new (class extends ObservedReader {
      private calls = 0;
      protected override listAll(): ReturnType<ClaudeCodeReader['listAll']> {
        // The first pass's listing (after the one checking whether the database holds the source) fails: the folder went away and came back.
        return this.calls++ === 1 ? Promise.reject(new Error('EIO')) : super.listAll();
      }
    })(root, { readWorkers: false });
    const store = new Store([{ reader, priority: 0 }], { sessionDb: openSqliteSessionDb(null) });
    reader.store = store;
    try {
      await store.start();
      expect(reader.stages.map((stage) => stage.complete)).toEqual([true]);
      expect(store.failedSources()).toEqual([]);
      expect(answersOf(store)).toEqual((await start(root)).final);
    } finally {
      store.stop();
    }
  });
});

describe('Claude Code: a restart with nothing changed', () => {
  it('has no first pass, and lists the transcripts only for the read that checks them', async () => {
    const root = history(1);
    const dbFile = path.join(tempDir(), 'sessions.db');
    const cold = await start(root, dbFile);
    const restart = await start(root, dbFile);
    expect(restart.stages.length).toBe(1);
    // The check that the database holds the source whole, before and after the read, and the read (which takes the held entries).
    expect(restart.listings).toBe(3);
    expect(restart.final).toEqual(cold.final);
  });
});

describe('Claude Code: a transcript the last read took without its entry', () => {
  it('written as that read began, since cut short: no first pass, and the right totals', async () => {
    const root = history(1);
    const dbFile = path.join(tempDir(), 'sessions.db');
    const cut = transcripts(root).find((f) => !f.includes('subagents') && (readFileSync(f, 'utf8').match(/"type":"assistant"/g)?.length ?? 0) > 2)!;
    // Written now: its records are held, its entry is not (its time cannot tell a write in the same tick).
    utimesSync(cut, new Date(), new Date());
    await start(root, dbFile);
    const lines = readFileSync(cut, 'utf8').split('\n');
    writeFileSync(cut, `${lines.slice(0, lines.findIndex((l) => l.includes('"type":"assistant"')) + 1).join('\n')}\n`);
    utimesSync(cut, HOUR_AGO, HOUR_AGO);
    const restart = await start(root, dbFile);
    expect(restart.stages.length).toBe(1);
    expect((await start(root)).final).toEqual(restart.final);
  });
});
