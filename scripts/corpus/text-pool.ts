import type { Random } from './random';

const CODE = [
  "import { readFile } from 'node:fs/promises';",
  'export async function loadConfig(path: string): Promise<Config> {',
  '  const text = await readFile(path, "utf8");',
  '  return configSchema.parse(JSON.parse(text));',
  '}',
  'function retry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {',
  '  for (let i = 0; i < attempts; i++) {',
  '    if (error instanceof TimeoutError) continue;',
  '  }',
  'const rows = db.prepare("SELECT * FROM session WHERE project_id = ?").all(projectID);',
  '  expect(result.total.storedCost).toBeCloseTo(0.0372);',
  'describe("session list", () => {',
  "  it('sorts by last activity', async () => {",
  '    return <SessionRow key={session.id} session={session} />;',
  'export const handler = async (req: Request) => json(await getStats(store, query));',
];
const SHELL = [
  ' PASS  lib/accounting/compute-stats.test.ts (12 tests) 48ms',
  ' FAIL  lib/server/store/store.test.ts > absorbs a new part',
  'AssertionError: expected 3 to be 4 // Object.is equality',
  'npm warn deprecated inflight@1.0.6: This module is not supported',
  'added 412 packages, and audited 413 packages in 9s',
  'src/index.ts(14,7): error TS2322: Type string is not assignable to type number.',
  '[main 4f1c2ab] fix: handle half-written part files',
  ' 3 files changed, 41 insertions(+), 12 deletions(-)',
  'drwxr-xr-x  5 dev dev 4096 Nov  3 10:12 node_modules',
  '-rw-r--r--  1 dev dev 1843 Nov  3 10:12 package.json',
  '✓ built in 2.41s',
  'Error: ENOENT: no such file or directory, open \'/home/dev/src/api/.env\'',
];
const PROSE = [
  'I will start by reading the relevant files to understand the current structure.',
  'The failing test expects the cost to include cache writes; the reducer skips them.',
  'Let me check how the store handles a part that arrives before its message.',
  'That fixed the type error. Now I will run the full test suite to be sure nothing else broke.',
  'The watcher coalesces bursts, so the latency is bounded by the debounce window.',
  'I considered caching the roll-ups, but invalidating them on every change is simpler.',
  'Summary: updated the parser, added two tests, and documented the new flag in the README.',
];

function buildPool(lines: readonly string[], random: Random, size: number): string {
  const out: string[] = [];
  let length = 0;
  while (length < size) {
    const line = random.pick(lines);
    out.push(line);
    length += line.length + 1;
  }
  return out.join('\n');
}

/** Pools of realistic text; outputs are slices of them, so generating 500 MB stays cheap. */
export class TextPool {
  private readonly code: string;
  private readonly shell: string;
  private readonly prose: string;
  constructor(private readonly random: Random) {
    this.code = buildPool(CODE, random, 256 * 1024);
    this.shell = buildPool(SHELL, random, 256 * 1024);
    this.prose = buildPool(PROSE, random, 64 * 1024);
  }
  private slice(pool: string, length: number): string {
    const n = Math.min(length, pool.length);
    const start = this.random.int(0, pool.length - n);
    return pool.slice(start, start + n);
  }
  codeText(length: number): string {
    return this.slice(this.code, length);
  }
  shellText(length: number): string {
    return this.slice(this.shell, length);
  }
  proseText(length: number): string {
    return this.slice(this.prose, length);
  }
  numberedLines(length: number): string {
    return this.codeText(length)
      .split('\n')
      .map((line, i) => `${i + 1}: ${line}`)
      .join('\n');
  }
}
