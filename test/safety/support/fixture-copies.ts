import { createHash } from 'node:crypto';
import { cpSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const FIXTURES = path.resolve(import.meta.dirname, '..', '..', 'fixtures');

/** The real-OpenCode SQLite fixture: 1.18.33 when generated, else the 1.2.27 database (also real OpenCode). */
export function sqliteFixture(): string {
  const preferred = path.join(FIXTURES, 'opencode-1.18.33');
  return existsSync(path.join(preferred, 'opencode.db')) ? preferred : path.join(FIXTURES, 'opencode-1.2.27-merged');
}

export const jsonTreeFixture = (): string => path.join(FIXTURES, 'opencode-1.1.65');

const copies: string[] = [];
process.once('exit', () => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

/** Copies a fixture folder into a fresh temp folder (removed when the test process exits) and returns the copy. */
export function copyFixture(source: string, name = path.basename(source)): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-safety-'));
  copies.push(dir);
  const target = path.join(dir, name);
  cpSync(source, target, { recursive: true, preserveTimestamps: true });
  return target;
}

export interface Entry {
  type: 'file' | 'dir' | 'link' | 'other';
  size: number;
  mtimeMs: number;
  sha256?: string;
}

/** Every entry under `roots`, with a content hash and mtime for files: what "nothing changed" compares. */
export function snapshotTree(roots: readonly string[]): Map<string, Entry> {
  const out = new Map<string, Entry>();
  const visit = (p: string): void => {
    const stat = lstatSync(p);
    if (stat.isDirectory()) {
      out.set(p, { type: 'dir', size: 0, mtimeMs: stat.mtimeMs });
      for (const name of readdirSync(p)) visit(path.join(p, name));
    } else if (stat.isFile()) {
      out.set(p, { type: 'file', size: stat.size, mtimeMs: stat.mtimeMs, sha256: createHash('sha256').update(readFileSync(p)).digest('hex') });
    } else {
      out.set(p, { type: stat.isSymbolicLink() ? 'link' : 'other', size: stat.size, mtimeMs: stat.mtimeMs });
    }
  };
  for (const root of roots) visit(root);
  return out;
}

/** Human-readable differences between two snapshots (empty when identical). */
export function diffSnapshots(before: Map<string, Entry>, after: Map<string, Entry>): string[] {
  const changes: string[] = [];
  for (const [p, entry] of before) {
    const now = after.get(p);
    if (!now) changes.push(`removed ${p}`);
    else if (JSON.stringify(now) !== JSON.stringify(entry)) changes.push(`changed ${p}: ${JSON.stringify(entry)} -> ${JSON.stringify(now)}`);
  }
  for (const p of after.keys()) if (!before.has(p)) changes.push(`appeared ${p}`);
  return changes;
}
