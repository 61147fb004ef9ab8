import 'server-only';
import path from 'node:path';
import { listDir } from '@/lib/server/fs/list-dir';
import { mapLimit } from '@/lib/server/fs/map-limit';

/** `<root>/YYYY/MM/DD/rollout-*.jsonl`: how many folder levels hold rollouts under the root. */
export const CODEX_DEPTH = 3;

/** A rollout's path under the root: three date folders, then `rollout-*.jsonl`. */
export function isRolloutPath(root: string, file: string): boolean {
  const parts = path.relative(root, file).split(path.sep);
  return parts.length === CODEX_DEPTH + 1 && !parts.includes('..') && /^rollout-.*\.jsonl$/.test(parts.at(-1) ?? '');
}

async function listLevel(dir: string, depth: number): Promise<string[]> {
  if (depth === CODEX_DEPTH) {
    const files = await listDir(dir, 'files', '.jsonl');
    return files.ok ? files.names.filter((n) => n.startsWith('rollout-')).map((n) => path.join(dir, n)) : [];
  }
  const dirs = await listDir(dir, 'dirs');
  return dirs.ok ? (await mapLimit(dirs.names, 16, (name) => listLevel(path.join(dir, name), depth + 1))).flat() : [];
}

/** Every rollout under the root, or under one date folder of it. */
export function listRollouts(root: string, under: string = root): Promise<string[]> {
  const depth = path.relative(root, under).split(path.sep).filter((p) => p !== '').length;
  if (depth > CODEX_DEPTH || path.relative(root, under).startsWith('..')) return Promise.resolve([]);
  return listLevel(under, depth);
}
