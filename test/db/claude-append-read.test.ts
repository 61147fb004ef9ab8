// A Claude Code transcript that grew is read from where its last read stopped, live (the watcher's
// change) and at a restart (its entry in the session database), and the store then holds what a
// cold start on the grown transcript holds: sessions, messages with their usage, tool calls,
// newest parts (statuses), /api/stats. Real transcripts (Claude Code 2.1.328 and 2.1.332), cut
// within a streamed reply, between a tool call and its result, and elsewhere; a long one (a real
// session's turns repeated) shows how little of it an append reads; a transcript cut short,
// replaced or edited in place is read whole.
import { appendFileSync, readFileSync, readdirSync, renameSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getStats } from '@/lib/server/queries/get-stats';
import { ClaudeCodeReader } from '@/lib/server/readers/claude/claude-reader';
import type { ClaudeFileRef } from '@/lib/server/readers/claude/claude-files';
import type { ClaudeFileRead } from '@/lib/server/readers/claude/read-claude-file';
import type { FileRead } from '@/lib/server/readers/pi/file-index';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import { startOnce, storeAnswers, tempCopy } from './support/file-source-start';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { Store } from '@/lib/server/store/store';

const FIXTURES = ['claude-2.1.328', 'claude-2.1.332'].map((name) => fileURLToPath(new URL(`../fixtures/${name}/projects/`, import.meta.url)));
const TOOLS_SESSION = fileURLToPath(new URL('../fixtures/claude-2.1.328/projects/-tmp-sessionscope-fixture-claude-2-1-328-alpha/7f3f2924-2032-4d41-8bca-0792550b64b4.jsonl', import.meta.url));

/** A Claude Code reader that notes which bytes of which transcript each read read. */
class SpanReader extends ClaudeCodeReader {
  readonly spans: { file: string; from: number; to: number }[] = [];
  constructor(root: string) {
    super(root, { readWorkers: false });
  }
  protected override async readRef(ref: ClaudeFileRef): Promise<FileRead> {
    const read = (await super.readRef(ref)) as ClaudeFileRead;
    if (read.state === 'ok') this.spans.push({ file: path.basename(ref.path), ...read.span });
    return read;
  }
}

const byModel = statsQuerySchema.parse({ groupBy: 'model' });

/** What a user sees: the store's records and the database's rows (storeAnswers), and /api/stats by model. */
function answers(store: Store) {
  const { total, groups } = getStats(store, byModel);
  return { ...storeAnswers(store), stats: { messages: total.messages, cost: Number(total.storedCost.toFixed(9)), tokens: total.tokens, groups: groups.map((g) => [g.key, g.figure.messages, Number(g.figure.storedCost.toFixed(9))]) } };
}

const cold = (root: string) => startOnce(undefined, () => new ClaudeCodeReader(root, { readWorkers: false }), answers);

/** Dated a minute back: an entry is not kept for a file written in the last two seconds. */
function age(file: string, step = 0): void {
  const when = new Date(Date.now() - 60_000 + step * 1_000);
  utimesSync(file, when, when);
}

/** A copy of a fixture, every file dated a minute back (a restart then reads only what a test changes). */
function agedCopy(fixture: string): { root: string; indexFile: string } {
  const copy = tempCopy(fixture);
  for (const file of readdirSync(copy.root, { recursive: true }) as string[]) if (file.endsWith('.jsonl') || file.endsWith('.json')) age(path.join(copy.root, file));
  return copy;
}

/** A reader that reads a changed transcript whole, as before reads went on from a cut: what those must give. */
class WholeReader extends ClaudeCodeReader {
  constructor(root: string) {
    super(root, { readWorkers: false });
  }
  protected override readRef(ref: ClaudeFileRef): Promise<FileRead> {
    return this.readWhole(ref);
  }
}

/** What a store on `root` answers after `file` is changed by `change` live, reading it whole. */
async function liveWhole(root: string, file: string, change: () => void): Promise<ReturnType<typeof answers>> {
  const reader = new WholeReader(root);
  const store = new Store([{ reader, priority: 0 }], { sessionDb: openSqliteSessionDb(null) });
  try {
    await store.start();
    change();
    await absorbed(store, file);
    return answers(store);
  } finally {
    store.stop();
  }
}

/** A store on `dbFile` (kept running: the caller stops it). */
async function running(root: string, dbFile: string | null): Promise<{ store: Store; reader: SpanReader }> {
  const reader = new SpanReader(root);
  const store = new Store([{ reader, priority: 0 }], { sessionDb: openSqliteSessionDb(dbFile) });
  await store.start();
  return { store, reader };
}

/** The store after a live change of `file`, as the watcher hands it over. */
async function absorbed(store: Store, file: string): Promise<void> {
  await store.absorb(store.indexes[0]!, [file]);
}

const mainTranscripts = (root: string) => (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.jsonl') && !f.includes('subagents')).map((f) => path.join(root, f));

/** Line counts to cut a transcript after: within a streamed reply, between a tool call and its result, and a few more. */
function cutsOf(text: string): number[] {
  const lines = text.split('\n').filter(Boolean).map((l) => JSON.parse(l) as { type?: string; requestId?: string; message?: { content?: unknown } });
  const cuts = new Set<number>();
  lines.forEach((line, i) => {
    const next = lines[i + 1];
    if (!next) return;
    if (line.type === 'assistant' && next.type === 'assistant' && line.requestId === next.requestId) cuts.add(i + 1);
    const calls = JSON.stringify(line.message?.content ?? '').includes('"tool_use"');
    if (line.type === 'assistant' && calls && JSON.stringify(next.message?.content ?? '').includes('"tool_result"')) cuts.add(i + 1);
  });
  for (const at of [0.5, 0.8]) cuts.add(Math.max(1, Math.floor(lines.length * at)));
  return [...cuts].sort((a, b) => a - b);
}

describe('a Claude Code transcript that grew', () => {
  it('read from where the last read stopped, live and at a restart, the store holds what a cold start holds (every real transcript, cut in a reply, between a call and its result, elsewhere)', async () => {
    let reads = 0;
    let fromCut = 0;
    // A subagent is read again when its parent changes (its cost-state prices it): unchanged, from its cut.
    let subagentsFromCut = 0;
    for (const fixture of FIXTURES) {
      for (const original of mainTranscripts(fixture)) {
        const text = readFileSync(original, 'utf8');
        const lines = text.split(/(?<=\n)/);
        for (const cut of cutsOf(text)) {
          // Grown to halfway through the rest (Claude Code at work), then to its end (its cost-state, written as it stops, prices every reply anew: read whole).
          const half = cut + Math.ceil((lines.length - cut) / 2);
          const where = `${path.basename(original)} cut after line ${cut}`;
          const a = agedCopy(fixture);
          const liveFile = path.join(a.root, path.relative(fixture, original));
          const grow = (n: number, step: number) => () => {
            writeFileSync(liveFile, lines.slice(0, n).join(''));
            age(liveFile, step);
          };
          grow(half, 0)();
          const wholeHalf = await liveWhole(a.root, liveFile, grow(lines.length, 1));
          grow(cut, 0)();
          const wholeCut = await liveWhole(a.root, liveFile, grow(half, 1));
          grow(cut, 0)();
          // Live: the watcher hands the grown file over.
          const live = await running(a.root, a.indexFile);
          try {
            grow(half, 1)();
            await absorbed(live.store, liveFile);
            expect(answers(live.store), `${where}, live, grown to line ${half}`).toEqual(wholeCut);
            reads++;
            const spans = live.reader.spans.splice(0);
            if ((spans.find((s) => s.file === path.basename(liveFile))?.from ?? 0) > 0) fromCut++;
            subagentsFromCut += spans.filter((s) => s.file.startsWith('agent-') && s.from > 0).length;
            grow(lines.length, 2)();
            await absorbed(live.store, liveFile);
            expect(answers(live.store), `${where}, live, grown to its end`).toEqual(wholeHalf);
          } finally {
            live.store.stop();
          }
          // A restart: the database's entry was written before the append.
          const b = agedCopy(fixture);
          const file = path.join(b.root, path.relative(fixture, original));
          writeFileSync(file, lines.slice(0, cut).join(''));
          age(file);
          await startOnce(b.indexFile, () => new SpanReader(b.root), () => undefined);
          writeFileSync(file, lines.slice(0, half).join(''));
          age(file, 1);
          const restart = await startOnce(b.indexFile, () => new SpanReader(b.root), (store, reader) => ({ answers: answers(store), spans: reader.spans }));
          expect(restart.answers, `${where}, restart, grown to line ${half}`).toEqual(await cold(b.root));
          reads++;
          if (restart.spans.some((s) => s.file === path.basename(file) && s.from > 0)) fromCut++;
        }
      }
    }
    // Many appends were read from a cut (the others, in these short transcripts, had none yet: a cut
    // needs a message before it and the session's two newest after it).
    expect(fromCut).toBeGreaterThanOrEqual(5);
    expect(reads).toBeGreaterThan(50);
    expect(subagentsFromCut).toBeGreaterThan(0);
  });
});

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const IDS = /\b(msg_|req_|toolu_)[A-Za-z0-9]+/g;
const TIMESTAMP = /"timestamp":"([^"]+)"/g;
const SESSION = '7f3f2924-2032-4d41-8bca-0792550b64b4';

/**
 * Turn `k` of a long session: the real tools session's lines (8 replies, tool calls and results)
 * with ids of their own, a minute later per turn; its cost-state dropped (a session writes it as it
 * ends, and it prices every reply anew).
 */
function turn(k: number): string {
  const ids = new Map<string, string>([[SESSION, SESSION]]);
  let n = 0;
  return readFileSync(TOOLS_SESSION, 'utf8')
    .split('\n')
    .filter((l) => l && !l.includes('"type":"cost-state"'))
    .map((l) =>
      l
        .replace(UUID, (id) => ids.get(id) ?? (ids.set(id, `${String(k).padStart(8, '0')}-0000-4000-8000-${String(++n).padStart(12, '0')}`), ids.get(id)!))
        .replace(IDS, (id) => `${id}t${k}`)
        .replace(TIMESTAMP, (_all, iso: string) => `"timestamp":"${new Date(Date.parse(iso) + k * 60_000).toISOString()}"`),
    )
    .join('\n')
    .concat('\n');
}

function longTranscript(): { root: string; indexFile: string; file: string } {
  const copy = agedCopy(FIXTURES[0]!);
  const file = path.join(copy.root, '-tmp-sessionscope-fixture-claude-2-1-328-alpha', `${SESSION}.jsonl`);
  writeFileSync(file, Array.from({ length: 40 }, (_, k) => turn(k)).join(''));
  age(file);
  return { ...copy, file };
}

describe('an append to a long transcript', () => {
  it('reads the new lines and at most the last turn before them, live and at a restart', async () => {
    const { root, indexFile, file } = longTranscript();
    const before = readFileSync(file).length;
    const added = Buffer.from(turn(40));
    const original = readFileSync(file);
    const expected = await liveWhole(root, file, () => appendFileSync(file, added));
    writeFileSync(file, original);
    age(file);
    const { store, reader } = await running(root, indexFile);
    try {
      appendFileSync(file, added);
      await absorbed(store, file);
      const span = reader.spans.at(-1)!;
      // 40 turns before it: a whole read would read all of them again.
      expect(span.to).toBe(before + added.length);
      expect(before - span.from).toBeLessThan(added.length);
      expect(answers(store)).toEqual(expected);
    } finally {
      store.stop();
    }
    age(file, 1);
    const grown = readFileSync(file).length;
    const more = Buffer.from(turn(41));
    appendFileSync(file, more);
    age(file, 2);
    const restart = await startOnce(indexFile, () => new SpanReader(root), (s, r) => ({ answers: answers(s), spans: r.spans }));
    expect(restart.spans).toHaveLength(1);
    expect(grown - restart.spans[0]!.from).toBeLessThan(more.length);
    expect(restart.answers).toEqual(await cold(root));
  });

  const fallbacks: [string, (file: string) => void][] = [
    ['cut short', (file) => writeFileSync(file, readFileSync(file, 'utf8').split(/(?<=\n)/).slice(0, 100).join(''))],
    ['replaced by a grown copy (another inode)', (file) => {
      writeFileSync(`${file}.new`, readFileSync(file, 'utf8') + turn(40));
      renameSync(`${file}.new`, file);
    }],
    ['edited in place, same size (a byte in the middle)', (file) => {
      const bytes = readFileSync(file);
      const at = bytes.indexOf('Turn', bytes.length >> 1) >= 0 ? bytes.indexOf('"content":"', bytes.length >> 1) + 11 : bytes.length >> 1;
      bytes[at] = bytes[at] === 0x58 ? 0x59 : 0x58;
      writeFileSync(file, bytes);
    }],
    ['edited in its last turn (a byte of a reply), then appended to', (file) => {
      const bytes = readFileSync(file);
      const at = bytes.lastIndexOf('"text":"') + 8;
      bytes[at] = bytes[at] === 0x58 ? 0x59 : 0x58;
      writeFileSync(file, Buffer.concat([bytes, Buffer.from(turn(40))]));
    }],
  ];
  for (const [what, change] of fallbacks) {
    it(`${what}: read whole, live and at a restart, and the store holds what a cold start holds`, async () => {
      const { root, indexFile, file } = longTranscript();
      const original = readFileSync(file);
      const whole = await liveWhole(root, file, () => change(file));
      writeFileSync(file, original);
      age(file);
      const { store, reader } = await running(root, indexFile);
      try {
        change(file);
        await absorbed(store, file);
        expect(reader.spans.at(-1)?.from).toBe(0);
        expect(answers(store)).toEqual(whole);
      } finally {
        store.stop();
      }
      const again = longTranscript();
      await startOnce(again.indexFile, () => new SpanReader(again.root), () => undefined);
      change(again.file);
      age(again.file, 3);
      const restart = await startOnce(again.indexFile, () => new SpanReader(again.root), (s, r) => ({ answers: answers(s), spans: r.spans }));
      expect(restart.spans.map((s) => [s.file, s.from])).toEqual([[path.basename(again.file), 0]]);
      expect(restart.answers).toEqual(await cold(again.root));
    });
  }
});
