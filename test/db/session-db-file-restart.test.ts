// The session database's file entries for session files (Claude Code, pi), keyed by each
// transcript's identity, size and time and those of the files its read takes from (a subagent's
// parent cost-state and meta): a restart reads only what changed, and leaves what a cold start
// leaves (the database's rows, the sessions, newest parts and issues). Real transcripts (Claude
// Code 2.1.328, pi 0.73.1 fixtures), edited between starts.
import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { removeDatabase, startOnce, storeAnswers, tempCopy } from './support/file-source-start';
import { ClaudeCodeReader } from '@/lib/server/readers/claude/claude-reader';
import type { ClaudeFileRef } from '@/lib/server/readers/claude/claude-files';
import type { FileRead } from '@/lib/server/readers/pi/file-index';
import { PiSessionReader } from '@/lib/server/readers/pi/pi-reader';
import { POOL_MIN_FILES, summaryPoolCounts } from '@/lib/server/readers/read-pool/summary-read-pool';

const CLAUDE = fileURLToPath(new URL('../fixtures/claude-2.1.328/projects/', import.meta.url));
const PI = fileURLToPath(new URL('../fixtures/pi-0.73.1/sessions/', import.meta.url));
const ALPHA = '-tmp-sessionscope-fixture-claude-2-1-328-alpha';
/** The fixture session with a subagent: its read takes this session's cost-state and the subagent's meta. */
const PARENT = '1150a65a-ddbd-4cac-ac04-d3627ad5ac33';


/** A Claude Code reader that counts the transcripts it opens. */
class CountingClaudeReader extends ClaudeCodeReader {
  readonly opened: string[] = [];
  protected override readRef(ref: ClaudeFileRef): Promise<FileRead> {
    this.opened.push(path.basename(ref.path));
    return super.readRef(ref);
  }
}

/** One start on the session database file `indexFile` (none: a cold start). */
function readClaude(root: string, indexFile?: string): Promise<{ answers: ReturnType<typeof storeAnswers>; opened: string[] }> {
  return startOnce(indexFile, () => new CountingClaudeReader(root), (store, reader) => ({ answers: storeAnswers(store), opened: reader.opened.sort() }));
}

function readPi(root: string, indexFile?: string): Promise<ReturnType<typeof storeAnswers>> {
  return startOnce(indexFile, () => new PiSessionReader('pi', root), storeAnswers);
}

/** A project folder copied with every session id (a UUID, in names and lines) made the copy's own. */
function copyWithOwnIds(from: string, to: string, k: number): void {
  const own = (text: string) => text.replace(/\b[0-9a-f]{8}(-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/g, (_m, rest: string) => `${String(k).padStart(8, '0')}${rest}`);
  for (const file of readdirSync(from, { recursive: true }) as string[]) {
    const source = path.join(from, file);
    if (!statSync(source).isFile()) continue;
    const target = path.join(to, own(file));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, own(readFileSync(source, 'utf8')));
  }
}

function transcripts(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.jsonl')).map((f) => path.join(root, f)).sort();
}

/** Transcripts and subagents' `.meta.json`. */
function dataFiles(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.jsonl') || f.endsWith('.meta.json')).map((f) => path.join(root, f));
}

/**
 * Files are dated a minute back, one second apart per write: no entry is trusted for a file written in the
 * last two seconds (see RACY_MS), and a test that ran faster than that would never use it.
 */
function age(files: readonly string[], clock: { next: number }): void {
  for (const file of files) {
    if (!existsSync(file)) continue; // written, then deleted by a later op
    const when = new Date(Date.now() - 60_000 + clock.next++ * 1_000);
    utimesSync(file, when, when);
  }
}

type Op =
  | { kind: 'add'; pick: number; n: number }
  | { kind: 'rename'; pick: number; n: number }
  | { kind: 'cost'; n: number }
  | { kind: 'meta'; n: number }
  | { kind: 'truncate'; pick: number }
  | { kind: 'delete'; pick: number }
  | { kind: 'corrupt'; pick: number }
  | { kind: 'dropIndex' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), pick: fc.nat(), n: fc.nat(1_000) }),
  fc.record({ kind: fc.constant('rename' as const), pick: fc.nat(), n: fc.nat(1_000) }),
  fc.record({ kind: fc.constant('cost' as const), n: fc.nat(1_000) }),
  fc.record({ kind: fc.constant('meta' as const), n: fc.nat(1_000) }),
  fc.record({ kind: fc.constant('truncate' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('corrupt' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('dropIndex' as const) }),
);

/** Applies edits as Claude Code (and a person) make them; returns the files written. */
function applyClaude(root: string, indexFile: string, ops: readonly Op[]): string[] {
  const written: string[] = [];
  const project = path.join(root, ALPHA);
  for (const o of ops) {
    const files = transcripts(root);
    const picked = files.length > 0 && 'pick' in o ? files[o.pick % files.length] : undefined;
    const parentFile = path.join(project, `${PARENT}.jsonl`);
    if (o.kind === 'add' && picked) {
      const copy = path.join(project, `0000${o.n}-aaaa-4bbb-8ccc-${String(o.n).padStart(12, '0')}.jsonl`);
      // The copy an earlier add made, picked again (seed -220648357): nothing to add.
      if (copy === picked) continue;
      cpSync(picked, copy);
      written.push(copy);
    } else if (o.kind === 'rename' && picked) {
      appendFileSync(picked, `${JSON.stringify({ type: 'custom-title', customTitle: `renamed ${o.n}`, sessionId: path.basename(picked, '.jsonl') })}\n`);
      written.push(picked);
    } else if (o.kind === 'cost') {
      // A later cost-state of the parent prices its subagent anew (their costs are recorded there).
      const usage = { inputTokens: 12_000, outputTokens: 200, cacheReadInputTokens: 18_000, cacheCreationInputTokens: 9_000, costUSD: 0.05 + o.n / 1_000 };
      if (!existsSync(parentFile)) continue; // deleted by an earlier op
      appendFileSync(parentFile, `${JSON.stringify({ type: 'cost-state', sessionId: PARENT, totalCostUSD: usage.costUSD, modelUsage: { 'claude-sonnet-4-5': usage } })}\n`);
      written.push(parentFile);
    } else if (o.kind === 'meta') {
      const meta = (readdirSync(project, { recursive: true }) as string[]).find((f) => f.endsWith('.meta.json'));
      if (!meta) continue;
      writeFileSync(path.join(project, meta), JSON.stringify({ agentType: `agent-${o.n}` }));
      written.push(path.join(project, meta));
    } else if (o.kind === 'truncate' && picked) {
      const lines = readFileSync(picked, 'utf8').split('\n');
      writeFileSync(picked, `${lines.slice(0, Math.ceil(lines.length / 2)).join('\n')}\n`);
      written.push(picked);
    } else if (o.kind === 'delete' && picked) {
      rmSync(picked);
    } else if (o.kind === 'corrupt' && picked) {
      appendFileSync(picked, '{not json\n');
      written.push(picked);
    } else if (o.kind === 'dropIndex') {
      removeDatabase(indexFile);
    }
  }
  return written;
}

describe('a restart on the session database, session files', () => {
  it('a Claude Code restart after any edits, deletions or a removed database leaves what a cold start leaves (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 8 }), fc.array(op, { maxLength: 8 }), async (setup, between) => {
        const { root, indexFile } = tempCopy(CLAUDE);
        const clock = { next: 0 };
        age(dataFiles(root), clock);
        age(applyClaude(root, indexFile, setup), clock);
        expect((await readClaude(root, indexFile)).answers).toEqual((await readClaude(root)).answers);
        age(applyClaude(root, indexFile, between), clock);
        expect((await readClaude(root, indexFile)).answers).toEqual((await readClaude(root)).answers);
      }),
      // The same transcript added twice (its copy picked as the second add's source: seed -220648357).
      { numRuns: Number(process.env.INDEX_RUNS ?? 15), examples: [[[{ kind: 'add', pick: 0, n: 5 }, { kind: 'add', pick: 0, n: 5 }], []]] },
    );
  });

  it('a restart reads only the transcripts that changed, and a subagent again when its parent did', async () => {
    const { root, indexFile } = tempCopy(CLAUDE);
    const clock = { next: 0 };
    age(dataFiles(root), clock);
    const cold = await readClaude(root, indexFile);
    expect(cold.opened.length).toBe(transcripts(root).length);
    const restart = await readClaude(root, indexFile);
    expect(restart.opened).toEqual([]);
    expect(restart.answers).toEqual(cold.answers);

    const parentFile = path.join(root, ALPHA, `${PARENT}.jsonl`);
    appendFileSync(parentFile, `${JSON.stringify({ type: 'custom-title', customTitle: 'renamed', sessionId: PARENT })}\n`);
    age([parentFile], clock);
    const after = await readClaude(root, indexFile);
    expect(after.opened).toEqual([`${PARENT}.jsonl`, 'agent-a7b3ce3b2b9f75db7.jsonl'].sort());
    expect(after.answers.sessions.some((s) => s.includes('"title":"renamed"'))).toBe(true);
    expect(after.answers).toEqual((await readClaude(root)).answers);
  });

  it('a transcript written in the last two seconds is read again: a same-size rewrite within one clock tick is not missed', async () => {
    const { root, indexFile } = tempCopy(CLAUDE);
    const file = path.join(root, ALPHA, '7f3f2924-2032-4d41-8bca-0792550b64b4.jsonl');
    const { mtime } = statSync(file);
    utimesSync(file, mtime, new Date());
    const written = statSync(file).mtime;
    await readClaude(root, indexFile);
    // The same size and the same time: nothing a version can see, as a write in the same tick.
    const text = readFileSync(file, 'utf8');
    const title = /"type":"user".*?"content":"(\w{4})/.exec(text)?.[1];
    expect(title).toBeDefined();
    writeFileSync(file, text.replace(`"content":"${title}`, '"content":"Zzzz'));
    utimesSync(file, mtime, written);
    const restart = await readClaude(root, indexFile);
    expect(restart.opened).toContain(path.basename(file));
    expect(restart.answers).toEqual((await readClaude(root)).answers);
  });

  it('a subagent whose parent cannot be read is said so, and read again at the next start (never kept priced without it)', async () => {
    const { root, indexFile } = tempCopy(CLAUDE);
    const parentFile = path.join(root, ALPHA, `${PARENT}.jsonl`);
    rmSync(parentFile);
    execFileSync('mkfifo', [parentFile]);
    age(dataFiles(root).filter((f) => f !== parentFile), { next: 0 });
    const first = await readClaude(root, indexFile);
    expect(first.answers.issues.some((i) => i.includes('parent transcript') && i.includes('agent-a7b3ce3b2b9f75db7'))).toBe(true);
    expect((await readClaude(root, indexFile)).opened).toContain('agent-a7b3ce3b2b9f75db7.jsonl');
  });

  it('a pi restart after appends, deletions and a corrupt line answers what a cold read answers', async () => {
    const { root, indexFile } = tempCopy(PI);
    const clock = { next: 0 };
    const files = transcripts(root);
    age(files, clock);
    expect(await readPi(root, indexFile)).toEqual(await readPi(root));
    const [first, second] = files as [string, string];
    appendFileSync(first, '{not json\n');
    rmSync(second);
    age([first], clock);
    const restart = await readPi(root, indexFile);
    expect(restart.issues.some((i) => i.includes('invalid JSON'))).toBe(true);
    expect(restart).toEqual(await readPi(root));
  });
});

describe('transcripts read on worker threads', () => {
  it('a first read of many transcripts on workers answers what one thread answers, and leaves entries a restart serves from', async () => {
    const { root, indexFile } = tempCopy(CLAUDE);
    // Each copy's sessions get ids of their own (two files claiming one id would be one session).
    for (const project of readdirSync(root)) for (let k = 1; k <= 3; k++) copyWithOwnIds(path.join(root, project), path.join(root, `${project}-copy${k}`), k);
    const files = transcripts(root);
    expect(files.length).toBeGreaterThanOrEqual(POOL_MIN_FILES);
    // Each copy told apart (a read handed to the wrong file would show), one with a bad line.
    files.forEach((file, i) => appendFileSync(file, `${JSON.stringify({ type: 'custom-title', customTitle: `copy ${i}`, sessionId: path.basename(file, '.jsonl') })}\n`));
    appendFileSync(files[3] as string, '{not json\n');
    age(dataFiles(root), { next: 0 });

    const before = summaryPoolCounts().files;
    const onThread = await startOnce(undefined, () => new ClaudeCodeReader(root, { readWorkers: false }), storeAnswers);
    const onWorkers = await startOnce(indexFile, () => new ClaudeCodeReader(root), storeAnswers);
    // The full read on the workers; the first pass over the responses' usage of so few transcripts on this thread.
    expect(summaryPoolCounts().files - before).toBe(files.length);
    expect(onWorkers.issues.some((i) => i.includes('invalid JSON'))).toBe(true);
    expect(onWorkers).toEqual(onThread);

    const restart = () => startOnce(indexFile, () => new CountingClaudeReader(root, { readWorkers: false }), (store, reader) => ({ answers: storeAnswers(store), opened: reader.opened }));
    const unchanged = await restart();
    expect(unchanged.opened).toEqual([]);
    expect(unchanged.answers).toEqual(onThread);
    // Each entry was kept under its own file: one renamed, and a restart answers what a cold read does.
    // A main transcript without subagents (a parent's change reads its subagents again too).
    const renamed = files.find((f) => !f.includes(`${path.sep}subagents${path.sep}`) && !existsSync(f.slice(0, -'.jsonl'.length))) as string;
    appendFileSync(renamed, `${JSON.stringify({ type: 'custom-title', customTitle: 'renamed', sessionId: path.basename(renamed, '.jsonl') })}\n`);
    age([renamed], { next: 100 });
    const changed = await restart();
    expect(changed.opened).toEqual([path.basename(renamed)]);
    expect(changed.answers).toEqual(await startOnce(undefined, () => new ClaudeCodeReader(root, { readWorkers: false }), storeAnswers));
  });
});
