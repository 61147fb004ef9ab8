import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readDataFile } from '@/lib/server/fs/open-data-file';
import { readTranscriptSync } from './read-transcript-sync';

const dir = mkdtempSync(path.join(os.tmpdir(), 'transcript-sync-'));
const root = path.join(dir, 'projects');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readTranscriptSync', () => {
  it('reads what readDataFile reads: a file, a symlink inside the root, one outside it, a missing file, a FIFO, one over the cap', async () => {
    mkdirSync(path.join(root, 'p'), { recursive: true });
    const file = path.join(root, 'p', 'a.jsonl');
    writeFileSync(file, '{"type":"user"}\n');
    writeFileSync(path.join(dir, 'secret.jsonl'), 'secret\n');
    symlinkSync(file, path.join(root, 'p', 'inside.jsonl'));
    symlinkSync(path.join(dir, 'secret.jsonl'), path.join(root, 'p', 'outside.jsonl'));
    execFileSync('mkfifo', [path.join(root, 'p', 'fifo.jsonl')]);
    const cases = ['a.jsonl', 'inside.jsonl', 'outside.jsonl', 'missing.jsonl', 'fifo.jsonl'].map((name) => path.join(root, 'p', name));
    for (const [one, maxBytes] of [...cases.map((c) => [c, 1_000] as const), [file, 4] as const]) {
      const sync = await readTranscriptSync(one, root, maxBytes);
      expect(sync).toEqual(await readDataFile(one, { root, maxBytes }));
    }
    expect(await readTranscriptSync(file, root, 1_000)).toMatchObject({ ok: true, bytes: Buffer.from('{"type":"user"}\n') });
  });
});
