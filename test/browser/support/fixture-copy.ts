import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FIXTURES = path.resolve(import.meta.dirname, '..', '..', 'fixtures');

export function fixturePath(name: string): string {
  return path.join(FIXTURES, name);
}

export function hasFixture(name: string): boolean {
  const found = existsSync(fixturePath(name));
  if (!found) console.warn(`\n!!! BROWSER TESTS ON ${name} SKIPPED: test/fixtures/${name} not found (run npm run fixtures)\n`);
  return found;
}

/** A private copy of a fixture data dir (the dashboard only reads, but tests may add files). */
export function copyFixture(name: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `sessionscope-browser-${name}-`));
  cpSync(fixturePath(name), dir, { recursive: true });
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function emptyDir(prefix: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `sessionscope-browser-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
