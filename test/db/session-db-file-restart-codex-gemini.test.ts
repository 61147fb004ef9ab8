// The session database's file entries for Codex CLI rollouts and Gemini CLI chats (the real
// 0.171.0 and 0.61.0 fixtures): a restart opens only the files that changed (a Gemini chat's also
// when its project's .project_root did) and leaves what a cold start leaves, skipped lines included.
import { appendFileSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startOnce, storeAnswers, tempCopy } from './support/file-source-start';
import { CodexReader } from '@/lib/server/readers/codex/codex-reader';
import { GeminiReader } from '@/lib/server/readers/gemini/gemini-reader';
import type { ChatFileRef } from '@/lib/server/readers/gemini/gemini-files';
import type { FileRead } from '@/lib/server/readers/pi/file-index';

const CODEX = fileURLToPath(new URL('../fixtures/codex-0.171.0/sessions/', import.meta.url));
const GEMINI = fileURLToPath(new URL('../fixtures/gemini-0.61.0/', import.meta.url));


const files = (root: string, ending: string): string[] => (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith(ending)).map((f) => path.join(root, f)).sort();

/** Dated a minute back: no entry is trusted for a file written in the last two seconds. */
function age(list: readonly string[]): void {
  const when = new Date(Date.now() - 60_000);
  for (const file of list) utimesSync(file, when, when);
}

class CountingCodex extends CodexReader {
  readonly opened: string[] = [];
  protected override readRef(ref: { path: string }): Promise<FileRead> {
    this.opened.push(path.basename(ref.path));
    return super.readRef(ref);
  }
}

class CountingGemini extends GeminiReader {
  readonly opened: string[] = [];
  protected override readRef(ref: ChatFileRef): Promise<FileRead> {
    this.opened.push(path.basename(ref.path));
    return super.readRef(ref);
  }
}

const readCodex = (root: string, indexFile?: string) => startOnce(indexFile, () => new CountingCodex(root), (store, reader) => ({ answers: storeAnswers(store), opened: reader.opened.sort() }));
const readGemini = (root: string, indexFile?: string) => startOnce(indexFile, () => new CountingGemini(root), (store, reader) => ({ answers: storeAnswers(store), opened: reader.opened.sort() }));

describe('a restart on the session database, Codex CLI and Gemini CLI', () => {
  it('Codex: a restart opens no rollout, then only the one a resume appended to (and a damaged line stays a listed issue)', async () => {
    const { root, indexFile } = tempCopy(CODEX);
    const rollouts = files(root, '.jsonl');
    age(rollouts);
    const cold = await readCodex(root, indexFile);
    expect(cold.opened.length).toBe(rollouts.length);
    const restart = await readCodex(root, indexFile);
    expect(restart.opened).toEqual([]);
    expect(restart.answers).toEqual(cold.answers);
    const resumed = rollouts[0]!;
    appendFileSync(resumed, '{not json\n');
    age([resumed]);
    const after = await readCodex(root, indexFile);
    expect(after.opened).toEqual([path.basename(resumed)]);
    expect(after.answers.issues).toEqual([expect.stringContaining('"kind":"parse"')]);
    expect(after.answers).toEqual((await readCodex(root)).answers);
    expect((await readCodex(root, indexFile)).answers.issues).toEqual(after.answers.issues);
  });

  it('Gemini: a restart opens no chat; a changed .project_root reads its project\'s chats again, with the new directory; a changed parent its subagent', async () => {
    const { root, indexFile } = tempCopy(GEMINI);
    const chats = files(root, '.jsonl');
    const projectRoot = path.join(root, 'tmp', 'beta', '.project_root');
    age([...chats, ...files(root, '.project_root')]);
    const cold = await readGemini(root, indexFile);
    // A parent's read looks up its subagent's first prompt: that chat is opened twice.
    expect(new Set(cold.opened).size).toBe(chats.length);
    const restart = await readGemini(root, indexFile);
    expect(restart.opened).toEqual([]);
    expect(restart.answers).toEqual(cold.answers);
    writeFileSync(projectRoot, '/home/someone/beta-moved');
    age([projectRoot]);
    const after = await readGemini(root, indexFile);
    expect(after.opened).toEqual(files(path.join(root, 'tmp', 'beta'), '.jsonl').map((f) => path.basename(f)).sort());
    expect(after.answers.sessions.filter((s) => s.includes('"directory":"/home/someone/beta-moved"'))).toHaveLength(2);
    expect(after.answers).toEqual((await readGemini(root)).answers);

    // A subagent is named from its parent's invoke_agent call: a parent written to reads it again.
    const child = chats.find((f) => !path.basename(f).startsWith('session-'))!;
    const parent = chats.find((f) => path.basename(f).startsWith('session-') && f.endsWith(`-${path.basename(path.dirname(child)).slice(0, 8)}.jsonl`))!;
    appendFileSync(parent, `${JSON.stringify({ $set: { lastUpdated: '2026-11-26T17:00:00.000Z' } })}\n`);
    age([parent]);
    expect((await readGemini(root, indexFile)).opened).toEqual([path.basename(child), path.basename(parent)].sort());
  });
});
