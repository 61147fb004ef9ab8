// The summary index for OpenCode's JSON tree, keyed by each message file's identity, size and time:
// a restart reads only files that changed, and answers exactly what a cold read answers.
import { readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { answers, op, readOnce, type Op } from './support/index-ops';
import { JsonTreeReader } from '@/lib/server/readers/opencode/json/json-tree-reader';
import { TreeBuilder } from '../support/tree-builder';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function readWith(dataDir: string, indexFile?: string): Promise<ReturnType<typeof answers>> {
  return readOnce(indexFile, (cache) => new JsonTreeReader(dataDir, cache), answers);
}

function messageFiles(tree: TreeBuilder): string[] {
  const root = path.join(tree.storage, 'message');
  try {
    return readdirSync(root).flatMap((s) => readdirSync(path.join(root, s)).map((f) => path.join(root, s, f))).sort();
  } catch {
    return [];
  }
}

/** Every file under the tree. */
function treeFiles(tree: TreeBuilder): string[] {
  return (readdirSync(tree.storage, { recursive: true }) as string[]).map((f) => path.join(tree.storage, f)).filter((f) => statSync(f).isFile());
}

/**
 * Files written in the last two seconds are dated back a minute, one second apart per write: the
 * index keeps no file written that recently (see RACY_MS), and a test faster than that would never
 * use it.
 */
function ageWritten(tree: TreeBuilder, counter: { next: number }): void {
  for (const file of treeFiles(tree)) {
    if (Date.now() - statSync(file).mtimeMs > 30_000) continue;
    const when = new Date(Date.now() - 60_000 + counter.next++ * 1_000);
    utimesSync(file, when, when);
  }
}

function apply(tree: TreeBuilder, ops: readonly Op[], indexFile: string, counter: { next: number }): void {
  applyOps(tree, ops, indexFile, counter);
  ageWritten(tree, counter);
}

function applyOps(tree: TreeBuilder, ops: readonly Op[], indexFile: string, counter: { next: number }): void {
  for (const o of ops) {
    const files = messageFiles(tree);
    const picked = files.length > 0 && 'pick' in o ? files[o.pick % files.length] : undefined;
    const idOf = (file: string) => path.basename(file, '.json');
    const sessionOf = (file: string) => path.basename(path.dirname(file));
    if (o.kind === 'add') {
      tree.session('proj1', `ses_${o.session}`);
      tree.assistant(`ses_${o.session}`, `msg_${counter.next++}`, 'msg_u', { cost: o.n / 100 });
    } else if (o.kind === 'edit' && picked) {
      tree.assistant(sessionOf(picked), idOf(picked), 'msg_u', { cost: o.n / 100, tokens: { input: o.n, output: 1 } });
    } else if (o.kind === 'delete' && picked) {
      rmSync(picked);
    } else if (o.kind === 'deleteSession') {
      rmSync(path.join(tree.storage, 'session', 'proj1', `ses_${o.session}.json`), { force: true });
      rmSync(path.join(tree.storage, 'message', `ses_${o.session}`), { recursive: true, force: true });
    } else if (o.kind === 'corrupt' && picked) {
      tree.write(path.relative(tree.storage, picked), '{not json');
    } else if (o.kind === 'dropIndex') {
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${indexFile}${suffix}`, { force: true });
    }
  }
}

describe('persistent summary index, JSON tree', () => {
  it('a restart after any edits, deletions or a removed index answers what a cold read answers (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 10 }), fc.array(op, { maxLength: 10 }), async (setup, between) => {
        const tree = new TreeBuilder();
        dirs.push(tree.dataDir);
        tree.project('proj1');
        const indexFile = path.join(tree.dataDir, '..', `${path.basename(tree.dataDir)}-index.db`);
        dirs.push(indexFile, `${indexFile}-wal`, `${indexFile}-shm`);
        const counter = { next: 0 };
        apply(tree, setup, indexFile, counter);
        expect(await readWith(tree.dataDir, indexFile)).toEqual(await readWith(tree.dataDir));
        apply(tree, between, indexFile, counter);
        expect(await readWith(tree.dataDir, indexFile)).toEqual(await readWith(tree.dataDir));
      }),
      { numRuns: Number(process.env.INDEX_RUNS ?? 100) },
    );
  });

  it('a message file written in the last two seconds is read again: a same-size rewrite within one clock tick is not missed', async () => {
    const tree = new TreeBuilder();
    dirs.push(tree.dataDir);
    const indexFile = path.join(tree.dataDir, '..', `${path.basename(tree.dataDir)}-racy.db`);
    dirs.push(indexFile, `${indexFile}-wal`, `${indexFile}-shm`);
    tree.project('proj1');
    tree.session('proj1', 'ses_1');
    const file = tree.assistant('ses_1', 'msg_1', 'msg_u', { cost: 0.11 });
    // Written half a second ago (a time the file system keeps exactly), then again in the same tick.
    const tick = new Date(Date.now() - 500);
    utimesSync(file, tick, tick);
    const first = await readWith(tree.dataDir, indexFile);
    tree.assistant('ses_1', 'msg_1', 'msg_u', { cost: 0.22 });
    utimesSync(file, tick, tick);
    const restart = await readWith(tree.dataDir, indexFile);
    expect(restart).not.toEqual(first);
    expect(restart.messages.some((m) => m.includes('0.22'))).toBe(true);
    expect(restart).toEqual(await readWith(tree.dataDir));
  });
});
