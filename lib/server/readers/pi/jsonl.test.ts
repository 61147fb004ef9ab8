import { describe, expect, it } from 'vitest';
import { parseJsonl, skimRule } from './jsonl';

const SHAPE = skimRule('{"type":"api-request-shape",', '"shape":');
const shapeLine = (body: string) => `{"type":"api-request-shape","sessionId":"s1","timestamp":"2026-01-02T03:04:05.000Z","version":"2.1.328","shape":${body}}`;

describe('parseJsonl', () => {
  it('reads bytes a line at a time, as text: numbers, sizes, a bad line reported, a half-written last line not', () => {
    const text = '{"a":1}\n\n  {"b":"é"}  \r\n{oops\n{"c":';
    const fromBytes = parseJsonl(Buffer.from(text));
    expect(fromBytes).toEqual(parseJsonl(text));
    expect(fromBytes.records).toEqual([
      { line: 1, value: { a: 1 }, size: 7 },
      { line: 3, value: { b: 'é' }, size: 9 },
    ]);
    expect(fromBytes.bad).toEqual([{ line: 4, reason: 'invalid JSON' }]);
    expect(parseJsonl('{"c":\n').bad).toEqual([{ line: 1, reason: 'invalid JSON' }]);
  });

  it('a skimmed line keeps its kind, time and version, never its body', () => {
    const { records, bad } = parseJsonl(Buffer.from(`${shapeLine('{"messages":[{"role":"user","content":"x"}]}')}\n{"type":"user"}\n`), [SHAPE]);
    expect(bad).toEqual([]);
    expect(records.map((r) => r.value)).toEqual([{ type: 'api-request-shape', sessionId: 's1', timestamp: '2026-01-02T03:04:05.000Z', version: '2.1.328' }, { type: 'user' }]);
  });

  it('a line that only looks skimmable is parsed whole (key not at the top level, no key, not closed)', () => {
    const nested = '{"type":"api-request-shape","x":{"y":1,"shape":2},"timestamp":"t"}';
    const none = '{"type":"api-request-shape","timestamp":"t"}';
    const { records, bad } = parseJsonl(Buffer.from(`${nested}\n${none}\n${shapeLine('{"a":1}').slice(0, -2)}\n`), [SHAPE]);
    expect(records.map((r) => r.value)).toEqual([JSON.parse(nested), JSON.parse(none)]);
    // A cut-off body is still a bad line.
    expect(bad).toEqual([{ line: 3, reason: 'invalid JSON' }]);
  });
});
