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
import type { Store } from '@/lib/server/store/store';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import { startOnce, storeAnswers, tempCopy } from './support/file-source-start';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import { Store as StoreClass } from '@/lib/server/store/store';

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

/** A store on `dbFile` (kept running: the caller stops it). */
async function running(root: string, dbFile: string | null): Promise<{ store: Store; reader: SpanReader }> {
  const reader = new SpanReader(root);
  const store = new StoreClass([{ reader, priority: 0 }], { sessionDb: openSqliteSessionDb(dbFile) });
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
  for (const at of [0.3, 0.6, 0.9]) cuts.add(Math.max(1, Math.floor(lines.length * at)));
  return [...cuts].sort((a, b) => a - b);
}

describe('a Claude Code transcript that grew', () => {
  it('read from where the last read stopped, live and at a restart, the store holds what a cold start holds (every real transcript, cut in a reply, between a call and its result, elsewhere)', async () => {
    let reads = 0;
    let fromCut = 0;
    for (const fixture of FIXTURES) {
      for (const original of mainTranscripts(fixture)) {
        const text = readFileSync(original, 'utf8');
        const lines = text.split(/(?<=\n)/);
        for (const cut of cutsOf(text)) {
          const { root, indexFile } = tempCopy(fixture);
          const file = path.join(root, path.relative(fixture, original));
          writeFileSync(file, lines.slice(0, cut).join(''));
          age(file);
          const expected = await (async () => {
            const live = await running(root, indexFile);
            try {
              writeFileSync(file, text);
              age(file, 1);
              await absorbed(live.store, file);
              const whole = await cold(root);
              expect(answers(live.store), `${path.basename(file)} cut after line ${cut}, live`).toEqual(whole);
              const span = live.reader.spans.at(-1);
              reads++;
              if (span && span.from > 0) fromCut++;
              return whole;
            } finally {
              live.store.stop();
            }
          })();
          // The restart: the database's entry was written before the append; the file grew since.
          writeFileSync(file, lines.slice(0, cut).join(''));
          age(file);
          await startOnce(undefined, () => new ClaudeCodeReader(root), () => undefined);
          const { root: root2, indexFile: db2 } = tempCopy(fixture);
          const file2 = path.join(root2, path.relative(fixture, original));
          writeFileSync(file2, lines.slice(0, cut).join(''));
          age(file2);
          await startOnce(db2, () => new SpanReader(root2), () => undefined);
          writeFileSync(file2, text);
          age(file2, 1);
          const restart = await startOnce(db2, () => new SpanReader(root2), (store, reader) => ({ answers: answers(store), spans: reader.spans }));
          expect(restart.answers, `${path.basename(file)} cut after line ${cut}, restart`).toEqual(await cold(root2));
          expect(restart.spans.map((s) => s.file)).toContain(path.basename(file2));
          reads++;
          if (restart.spans.some((s) => s.from > 0)) fromCut++;
          expect(expected.sessions.length).toBeGreaterThan(0);
        }
      }
    }
    // Most appends were read from a cut (the others, near a transcript's start, had none yet).
    expect(fromCut).toBeGreaterThan(reads / 3);
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
  const copy = tempCopy(FIXTURES[0]!);
  const file = path.join(copy.root, '-tmp-sessionscope-fixture-claude-2-1-328-alpha', `${SESSION}.jsonl`);
  writeFileSync(file, Array.from({ length: 40 }, (_, k) => turn(k)).join(''));
  age(file);
  return { ...copy, file };
}

describe('an append to a long transcript', () => {
  it('reads the new lines and at most the last turn before them, live and at a restart', async () => {
    const { root, indexFile, file } = longTranscript();
    const before = readFileSync(file).length;
    const added = turn(40);
    const { store, reader } = await running(root, indexFile);
    try {
      appendFileSync(file, added);
      await absorbed(store, file);
      const span = reader.spans.at(-1)!;
      // 40 turns before it: a whole read would read all of them again.
      expect(span.to).toBe(before + added.length);
      expect(before - span.from).toBeLessThan(added.length);
      expect(answers(store)).toEqual(await cold(root));
    } finally {
      store.stop();
    }
    age(file, 1);
    const grown = readFileSync(file).length;
    const more = turn(41);
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
  ];
  for (const [what, change] of fallbacks) {
    it(`${what}: read whole, live and at a restart, and the store holds what a cold start holds`, async () => {
      const { root, indexFile, file } = longTranscript();
      const { store, reader } = await running(root, indexFile);
      try {
        change(file);
        await absorbed(store, file);
        expect(reader.spans.at(-1)?.from).toBe(0);
        expect(answers(store)).toEqual(await cold(root));
      } finally {
        store.stop();
      }
      const again = longTranscript();
      await startOnce(again.indexFile, () => new SpanReader(again.root), () => undefined);
      change(again.file);
      age(again.file, 3);
      const restart = await startOnce(again.indexFile, () => new SpanReader(again.root), (s, r) => ({ answers: answers(s), spans: r.spans }));
      expect(restart.spans.map((s) => s.from)).toEqual([0]);
      expect(restart.answers).toEqual(await cold(again.root));
    });
  }
});
