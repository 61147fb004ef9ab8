// Codex CLI rollouts and Gemini CLI chats as hostile input (the real fixtures, damaged): a bad line
// is one issue with its line number and the rest is read; a FIFO, a symlink, a folder or garbage
// where a session file belongs is never opened or never fatal.
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CodexReader } from '@/lib/server/readers/codex/codex-reader';
import { GeminiReader } from '@/lib/server/readers/gemini/gemini-reader';
import type { ChangeSet, SourceReader } from '@/lib/server/readers/read-result';

const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url));
const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

function copy(from: string): string {
  const base = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-hostile-'));
  temps.push(base);
  const root = path.join(base, 'root');
  cpSync(from, root, { recursive: true });
  return root;
}

const jsonl = (root: string) => (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.endsWith('.jsonl')).sort();
const summarise = (changes: ChangeSet) => ({ sessions: changes.sessions.map((s) => s.id).sort(), messages: changes.messages.map((m) => m.id).sort() });

const sources: { name: string; fixture: string; make: (root: string) => SourceReader; folder: (root: string) => string; fileName: string }[] = [
  { name: 'codex', fixture: path.join(fixtures, 'codex-0.171.0', 'sessions'), make: (root) => new CodexReader(root), folder: (root) => path.join(root, '2026', '11', '26'), fileName: 'rollout-2026-01-01T00-00-00-x' },
  { name: 'gemini', fixture: path.join(fixtures, 'gemini-0.61.0'), make: (root) => new GeminiReader(root), folder: (root) => path.join(root, 'tmp', 'alpha', 'chats'), fileName: 'session-2026-01-01T00-00-x' },
];

/** Lines that are never JSON: truncated records, invalid UTF-8, junk. */
const badLine = fc.oneof(fc.string({ minLength: 1, maxLength: 60 }).map((s) => `{${s}`), fc.constant('\u0000\u00ff not json'), fc.constant('{"type":"response_item","payload":{"type":"mess')).map((s) => s.replace(/[\n\r\u2028\u2029]/g, ' '));

describe.each(sources)('hostile input: $name reader', ({ fixture, make, folder, fileName }) => {
  it('each malformed line is an issue naming its line; every valid record is still read', async () => {
    const pristine = copy(fixture);
    const baseline = summarise(await make(pristine).readAll());
    const files = jsonl(pristine);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: files.length - 1 }), fc.array(fc.tuple(fc.nat({ max: 1_000 }), badLine), { minLength: 1, maxLength: 6 }), async (pick, inserts) => {
        const root = copy(pristine);
        const file = path.join(root, files[pick]!);
        const lines = readFileSync(file, 'utf8').split('\n');
        if (lines.at(-1) === '') lines.pop();
        // After the first line (the header a session needs), anywhere.
        for (const [at, line] of inserts) lines.splice(1 + (at % lines.length), 0, line);
        writeFileSync(file, `${lines.join('\n')}\n`);
        const bad = lines.flatMap((line, i) => (inserts.some(([, l]) => l === line) ? [i + 1] : []));
        const all = await make(root).readAll();
        expect(summarise(all)).toEqual(baseline);
        const reasons = all.issues.filter((i) => i.path === file).map((i) => i.reason);
        for (const line of bad) expect(reasons.some((r) => r.startsWith(`line ${line}:`)), `line ${line}: ${reasons.join(' | ')}`).toBe(true);
      }),
      { numRuns: 25 },
    );
  });

  it('a FIFO, a symlink out of the root, a folder, an empty file and garbage named like session files: nothing hangs, nothing is lost', async () => {
    const root = copy(fixture);
    const baseline = summarise(await make(root).readAll());
    const dir = folder(root);
    mkdirSync(dir, { recursive: true });
    execFileSync('mkfifo', [path.join(dir, `${fileName}-fifo.jsonl`)]);
    const secret = path.join(path.dirname(root), 'secret.txt');
    writeFileSync(secret, '{"sessionId":"leak","kind":"main"}\n{"type":"session_meta","payload":{"id":"leak"}}\n');
    symlinkSync(secret, path.join(dir, `${fileName}-link.jsonl`));
    mkdirSync(path.join(dir, `${fileName}-folder.jsonl`));
    writeFileSync(path.join(dir, `${fileName}-empty.jsonl`), '');
    writeFileSync(path.join(dir, `${fileName}-garbage.jsonl`), Buffer.from([0, 0xff, 0xfe, 10, 0xc3, 0x28, 10]));
    const reader = make(root);
    const all = await reader.readAll();
    expect(summarise(all)).toEqual(baseline);
    expect(all.sessions.map((s) => s.id)).not.toContain('leak');
    const changed = await reader.readChanged([path.join(dir, `${fileName}-fifo.jsonl`), path.join(dir, `${fileName}-link.jsonl`)]);
    expect(changed.sessions.map((s) => s.id)).not.toContain('leak');
  });
});
