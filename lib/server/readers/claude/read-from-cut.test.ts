// A transcript that grew, read from where its last read left a cut, gives what a read of it whole
// gives: on every real Claude Code transcript of the fixtures (2.1.328, 2.1.332), cut after each of
// its lines (within a streamed reply, between a tool call and its result, anywhere).
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { MessageInfo } from '@/lib/model/message';
import type { PartMeta } from '@/lib/model/part-meta';
import { summaryOf } from '../pi/file-index';
import { classifyClaudePath } from './claude-files';
import { readClaudeFile, type ClaudeFileRead } from './read-claude-file';

const FIXTURES = ['claude-2.1.328', 'claude-2.1.332'].map((name) => fileURLToPath(new URL(`../../../../test/fixtures/${name}/projects/`, import.meta.url)));

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function copyOf(root: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sessionscope-cut-'));
  temps.push(dir);
  cpSync(root, dir, { recursive: true });
  return dir;
}

const transcripts = (root: string) => (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.jsonl')).sort();

/** What the store takes of a read: session, messages, summary parts (as ids to records), issues without their time. */
interface Taken {
  session: unknown;
  project: unknown;
  messages: Map<string, MessageInfo>;
  parts: Map<string, PartMeta>;
  issues: string[];
}

function taken(read: ClaudeFileRead): Taken | undefined {
  if (read.state !== 'ok') return undefined;
  const summary = summaryOf(read.mapped);
  return {
    session: summary.session,
    project: summary.project,
    messages: new Map(summary.messages.map((m) => [m.id, m])),
    parts: new Map(summary.parts.map((p) => [p.id, p])),
    issues: read.issues.map(({ at: _at, ...rest }) => JSON.stringify(rest)).sort(),
  };
}

/** What the store holds after taking `next` (a read from a cut, or whole) over `before`. */
function applied(before: Taken | undefined, next: ClaudeFileRead): Taken | undefined {
  const after = taken(next);
  if (!after || next.state !== 'ok' || !next.gone) return after;
  if (!before) throw new Error('read from a cut over nothing read before');
  const messages = new Map(before.messages);
  const parts = new Map(before.parts);
  for (const id of next.gone.messageIDs) messages.delete(id);
  for (const id of next.gone.partIDs) parts.delete(id);
  for (const [id, m] of after.messages) messages.set(id, m);
  for (const [id, p] of after.parts) parts.set(id, p);
  return { ...after, messages, parts };
}

async function readAs(ref: NonNullable<ReturnType<typeof classifyClaudePath>>, root: string, full: string, content: string, resume?: ClaudeFileRead): Promise<ClaudeFileRead> {
  writeFileSync(full, content);
  return readClaudeFile(ref, root, resume?.state === 'ok' && resume.resume ? { resume: resume.resume } : {});
}

describe('a transcript read from a cut', () => {
  it('gives what a whole read gives as it grows line by line (or by half a line), from any line on, on every real transcript', async () => {
    let resumed = 0;
    let reads = 0;
    for (const fixture of FIXTURES) {
      const root = copyOf(fixture);
      for (const file of transcripts(root)) {
        const full = path.join(root, file);
        const text = readFileSync(path.join(fixture, file), 'utf8');
        const ref = classifyClaudePath(root, full);
        if (!ref) throw new Error(`not a transcript: ${file}`);
        const lines = text.split(/(?<=\n)/);
        const upTo = (n: number) => lines.slice(0, n).join('');
        const wholeAt: (Taken | undefined)[] = [];
        for (let n = 1; n <= lines.length; n++) {
          const read = await readAs(ref, root, full, upTo(n));
          wholeAt[n] = taken(read);
        }
        // Read whole first after every third line (then grown line by line to the end: every line is reached from several).
        for (let n = 1; n < lines.length; n += 3) {
          let last = await readAs(ref, root, full, upTo(n));
          if (last.state !== 'ok') continue;
          let held = taken(last);
          for (let m = n + 1; m <= lines.length; m++) {
            // Half of the next line written first: it is read again once whole.
            const half = lines[m - 1] as string;
            const partial = await readAs(ref, root, full, upTo(m - 1) + half.slice(0, half.length >> 1), last);
            held = applied(held, partial);
            last = partial;
            const next = await readAs(ref, root, full, upTo(m), last);
            reads++;
            if (next.state === 'ok' && next.gone) resumed++;
            held = applied(held, next);
            expect(held, `${file}: lines 1-${n} read whole, then on to line ${m}`).toEqual(wholeAt[m]);
            last = next;
          }
        }
        writeFileSync(full, text);
      }
    }
    // Most reads went on from a cut (the others, near a transcript's start, found none yet).
    expect(reads).toBeGreaterThan(1000);
    expect(resumed).toBeGreaterThan(reads / 4);
  });
});

