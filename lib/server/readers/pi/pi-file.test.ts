import { describe, expect, it } from 'vitest';
import { parsePiFile } from './pi-file';

const header = '{"type":"session","version":3,"id":"s1","timestamp":"2026-02-16T10:20:30.000Z","cwd":"/w"}';
const entry = (id: string) => `{"type":"label","id":"${id}","parentId":null,"timestamp":"2026-02-16T10:20:31.000Z","targetId":"x","label":"l"}`;

describe('parsePiFile', () => {
  it('reads a padded title line before the header', () => {
    const title = JSON.stringify({ type: 'title', v: 1, title: 'My title', updatedAt: 'x', pad: ' '.repeat(40) });
    const out = parsePiFile(`${title}\n${header}\n${entry('a')}\n`);
    expect(out.ok && out.file.titleSlot).toBe('My title');
    expect(out.ok && out.file.entries.map((e) => e.id)).toEqual(['a']);
  });

  it('counts a malformed line and reads the rest', () => {
    const out = parsePiFile(`${header}\n${entry('a')}\n{"type":"lab\n${entry('b')}\n`);
    expect(out.ok && out.file.entries.map((e) => e.id)).toEqual(['a', 'b']);
    expect(out.ok && out.file.issues).toEqual([{ line: 3, kind: 'parse', reason: expect.any(String) }]);
  });

  it('an unterminated last line is a write in progress, not an issue', () => {
    const out = parsePiFile(`${header}\n${entry('a')}\n{"type":"lab`);
    expect(out.ok && out.file.issues).toEqual([]);
  });

  it('records that are not entries are counted', () => {
    const out = parsePiFile(`${header}\n[1,2]\n"x"\n${entry('a')}\n`);
    expect(out.ok && out.file.issues.map((i) => i.kind)).toEqual(['schema', 'schema']);
  });

  it('no header yet is "not ready"; a first record that is not a header is an issue', () => {
    expect(parsePiFile('')).toEqual({ ok: false, issues: [] });
    expect(parsePiFile('{"type":"sess')).toEqual({ ok: false, issues: [] });
    expect(parsePiFile(`${entry('a')}\n`)).toEqual({ ok: false, issues: [{ line: 1, kind: 'schema', reason: 'first record is not a session header' }] });
  });
});
