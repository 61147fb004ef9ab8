import { describe, expect, it } from 'vitest';
import { lineDiff, parsePatch, splitRows, unifiedPatch, withContext } from './line-diff';

describe('lineDiff', () => {
  it('keeps common lines and marks the rest removed or added, numbered on each side', () => {
    expect(lineDiff('a\nb\nc\n', 'a\nB\nc\nd\n')).toEqual([
      { op: ' ', text: 'a', old: 1, new: 1 },
      { op: '-', text: 'b', old: 2 },
      { op: '+', text: 'B', new: 2 },
      { op: ' ', text: 'c', old: 3, new: 3 },
      { op: '+', text: 'd', new: 4 },
    ]);
    expect(lineDiff('', 'x\n')).toEqual([{ op: '+', text: 'x', new: 1 }]);
    expect(lineDiff('same', 'same')).toEqual([{ op: ' ', text: 'same', old: 1, new: 1 }]);
  });

  it('shows the changes with three lines around them, and writes them as a unified patch', () => {
    const before = Array.from({ length: 20 }, (_, i) => `line ${i + 1}`).join('\n');
    const after = before.replace('line 10', 'line ten');
    const shown = withContext(lineDiff(before, after));
    expect(shown.map((l) => (l ? `${l.op}${l.text}` : '…'))).toEqual(['…', ' line 7', ' line 8', ' line 9', '-line 10', '+line ten', ' line 11', ' line 12', ' line 13', '…']);
    expect(unifiedPatch(before, after)).toBe(['@@ -7,7 +7,7 @@', ' line 7', ' line 8', ' line 9', '-line 10', '+line ten', ' line 11', ' line 12', ' line 13'].join('\n'));
    expect(unifiedPatch('', 'notes\n')).toBe('@@ -0,0 +1,1 @@\n+notes');
  });
});

describe('splitRows', () => {
  it('puts removals beside the additions that replace them, kept lines on both sides', () => {
    const rows = splitRows(lineDiff('a\nb\nc\nd', 'a\nB\nC\nd\ne'));
    expect(rows.map((r) => (r ? [r.left?.text ?? '', r.right?.text ?? ''] : null))).toEqual([['a', 'a'], ['b', 'B'], ['c', 'C'], ['d', 'd'], ['', 'e']]);
  });
});

describe('parsePatch', () => {
  it('reads a unified patch back as numbered lines, a gap between hunks', () => {
    const before = Array.from({ length: 30 }, (_, i) => `l${i + 1}`).join('\n');
    const after = before.replace('l5', 'five').replace('l25', 'twenty-five');
    const lines = parsePatch(`Index: f\n===\n--- f\n+++ f\n${unifiedPatch(before, after)}\n`);
    expect(lines?.map((l) => (l ? `${l.op}${l.old ?? ''}:${l.new ?? ''}${l.text}` : '…'))).toEqual([
      ' 2:2l2', ' 3:3l3', ' 4:4l4', '-5:l5', '+:5five', ' 6:6l6', ' 7:7l7', ' 8:8l8', '…',
      ' 22:22l22', ' 23:23l23', ' 24:24l24', '-25:l25', '+:25twenty-five', ' 26:26l26', ' 27:27l27', ' 28:28l28',
    ]);
    expect(parsePatch('no hunks here')).toBeUndefined();
  });
});
