import { describe, expect, it } from 'vitest';
import { migratePiEntries, type RawPiEntry } from './pi-migrate';

const raw = (entries: Record<string, unknown>[]): RawPiEntry[] =>
  entries.map((entry, i) => ({ line: i + 2, entry: entry as RawPiEntry['entry'] }));

describe('migratePiEntries', () => {
  it('v1: adds line-derived ids, a linear parent chain and firstKeptEntryId', () => {
    const { entries } = migratePiEntries(undefined, raw([
      { type: 'message', message: { role: 'user' } },
      { type: 'message', message: { role: 'assistant' } },
      { type: 'compaction', summary: 's', firstKeptEntryIndex: 1 },
      { type: 'message', message: { role: 'hookMessage', content: 'x' } },
    ]));
    expect(entries.map((e) => [e.id, e.parentId])).toEqual([['L2', null], ['L3', 'L2'], ['L4', 'L3'], ['L5', 'L4']]);
    expect(entries[2]).toMatchObject({ firstKeptEntryId: 'L3' });
    expect(entries[2]).not.toHaveProperty('firstKeptEntryIndex');
    expect(entries[3]?.message).toEqual({ role: 'custom', content: 'x' }); // v2 -> v3 runs too
  });

  it('is deterministic: the same file gives the same ids', () => {
    const input = raw([{ type: 'message', message: { role: 'user' } }]);
    expect(migratePiEntries(1, input)).toEqual(migratePiEntries(1, input));
  });

  it('v2: renames hookMessage to custom and keeps ids; entries without an id are reported', () => {
    const { entries, missingID } = migratePiEntries(2, raw([
      { type: 'message', id: 'a', parentId: null, message: { role: 'hookMessage' } },
      { type: 'label', parentId: 'a' },
    ]));
    expect(entries).toEqual([{ type: 'message', id: 'a', parentId: null, message: { role: 'custom' } }]);
    expect(missingID).toEqual([3]);
  });

  it('v3: leaves entries as they are and never mutates its input', () => {
    const input = raw([{ type: 'message', id: 'a', parentId: null, message: { role: 'hookMessage' } }]);
    const copy = structuredClone(input);
    expect(migratePiEntries(3, input).entries[0]?.message).toEqual({ role: 'hookMessage' });
    migratePiEntries(1, input);
    expect(input).toEqual(copy);
  });
});
