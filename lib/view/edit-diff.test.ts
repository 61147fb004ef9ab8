import { describe, expect, it } from 'vitest';
import { editDiffOf } from './edit-diff';

const ops = (lines: { op: string; text: string }[]) => lines.map((l) => `${l.op}${l.text}`);

describe('editDiffOf', () => {
  it("reads each agent's edit as removed and added lines", () => {
    // Claude Code 2.1 (fixture), OpenCode, pi 0.73 (fixture)
    const claude = editDiffOf('Edit', { replace_all: false, file_path: '/p/README.md', old_string: 'A tiny project', new_string: 'A small project' });
    expect(claude?.file).toBe('/p/README.md');
    expect(claude?.parts.map(ops)).toEqual([['-A tiny project', '+A small project']]);
    expect(editDiffOf('edit', { filePath: 'a.ts', oldString: 'x\ny', newString: 'x\nz' })?.parts.map(ops)).toEqual([[' x', '-y', '+z']]);
    const pi = editDiffOf('edit', { path: 'README.md', edits: [{ oldText: 'A tiny project', newText: 'A small project' }, { oldText: 'a', newText: 'b' }] });
    expect(pi?.parts).toHaveLength(2);
    expect(editDiffOf('MultiEdit', { file_path: 'f', edits: [{ old_string: '1', new_string: '2' }] })?.parts.map(ops)).toEqual([['-1', '+2']]);
  });

  it('reads a write as every line added, and leaves other calls alone', () => {
    expect(editDiffOf('write', { filePath: 'notes.txt', content: 'notes written by the scripted model\n' })?.parts.map(ops)).toEqual([['+notes written by the scripted model']]);
    expect(editDiffOf('Write', { file_path: 'n', content: 'a\nb' })?.parts.map(ops)).toEqual([['+a', '+b']]);
    expect(editDiffOf('bash', { command: 'ls' })).toBeUndefined();
    expect(editDiffOf('edit', { filePath: 'a' })).toBeUndefined();
  });
});
