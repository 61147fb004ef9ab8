import { describe, expect, it } from 'vitest';
import { parseJsonl } from './jsonl';
import { elideRule, skimRule, skipRule } from './jsonl-skim';

const SHAPE = skimRule('{"type":"api-request-shape",', '"shape":');
const shapeLine = (body: string) => `{"type":"api-request-shape","sessionId":"s1","timestamp":"2026-01-02T03:04:05.000Z","version":"2.1.328","shape":${body}}`;

describe('parseJsonl', () => {
  it('reads bytes a line at a time, as text: numbers, sizes, a bad line reported, a half-written last line not', () => {
    const text = '{"a":1}\n\n  {"b":"é"}  \r\n{oops\n{"c":';
    const fromBytes = parseJsonl(Buffer.from(text));
    expect(fromBytes).toEqual(parseJsonl(text));
    expect(fromBytes.records).toEqual([
      { line: 1, value: { a: 1 }, size: 7, start: 0 },
      { line: 3, value: { b: 'é' }, size: 15, start: 9 },
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

describe('parseJsonl with an elide rule', () => {
  const ATTACH = elideRule('attachment', '"attachment":{', 300);
  const SNAPSHOT = elideRule('attachment', '"attachment":{"type":"prompt_snapshot"', 0);
  const line = (body: object, after = '"type":"attachment","uuid":"u1","cwd":"/w"') => `{"parentUuid":"p","attachment":${JSON.stringify(body)},${after}}`;
  const parse = (text: string, rules = [SNAPSHOT, ATTACH]) => parseJsonl(Buffer.from(`${text}\n`), rules);

  it("keeps a beginning of the body's long strings, and everything after the body whole", () => {
    const long = `${'a'.repeat(1000)}}]{["\\`;
    const text = line({ type: 'file', content: long, nested: { list: [long, 'short }'] } }, `"type":"attachment","uuid":"u1","cwd":"${'/d'.repeat(400)}"`);
    const { records, bad } = parse(text);
    expect(bad).toEqual([]);
    expect(records).toHaveLength(1);
    expect(records[0]!.size).toBe(Buffer.byteLength(text));
    const value = records[0]!.value as { attachment: { type: string; content: string; nested: { list: string[] } }; uuid: string; cwd: string };
    expect(value.attachment.type).toBe('file');
    expect(value.attachment.content).toBe('a'.repeat(300));
    expect(value.attachment.nested.list).toEqual(['a'.repeat(300), 'short }']);
    // After the body: a long string is whole.
    expect(value.uuid).toBe('u1');
    expect(value.cwd).toBe('/d'.repeat(400));
  });

  it('a prompt snapshot keeps no long string at all, its kind and short strings whole', () => {
    const { records } = parse(line({ type: 'prompt_snapshot', systemPrompt: ['x'.repeat(5000), 'short'], model: 'm' }));
    expect((records[0]!.value as { attachment: unknown }).attachment).toEqual({ type: 'prompt_snapshot', systemPrompt: ['', 'short'], model: 'm' });
  });

  it('never cuts inside a character or an escape: every cut string is a beginning of the whole one', () => {
    const pieces = ['a', 'é', '😀', '\n', '"', '\\', '\u0001', '\u2028', '\ud83d'];
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 200; run++) {
      const text = Array.from({ length: 400 + Math.floor(random() * 200) }, () => pieces[Math.floor(random() * pieces.length)]).join('');
      const keep = 260 + Math.floor(random() * 300);
      const raw = line({ type: 'file', content: text }, '"type":"attachment"');
      const { records, bad } = parseJsonl(Buffer.from(`${raw}\n`), [elideRule('attachment', '"attachment":{', keep)]);
      expect(bad).toEqual([]);
      const content = (records[0]!.value as { attachment: { content: string } }).attachment.content;
      expect(text.startsWith(content)).toBe(true);
      // At most 8 bytes of JSON short of `keep`, at most 6 bytes a character.
      expect(content.length).toBeGreaterThanOrEqual(Math.min(text.length, Math.floor((keep - 8) / 6)));
      expect(Buffer.byteLength(JSON.stringify(content)) - 2).toBeLessThanOrEqual(keep);
    }
  });

  it('a line of another type, or damaged outside the body, is parsed whole', () => {
    const other = line({ type: 'file', content: 'z'.repeat(1000) }, '"type":"user"');
    const damaged = `${line({ type: 'file', content: 'z'.repeat(1000) }).slice(0, -1)},}`;
    const unclosed = `{"attachment":{"type":"file","content":"${'z'.repeat(1000)}`;
    const { records, bad } = parse(`${other}\n${damaged}\n${unclosed}`);
    expect(records.map((r) => r.value)).toEqual([JSON.parse(other)]);
    expect(bad).toEqual([
      { line: 2, reason: 'invalid JSON' },
      { line: 3, reason: 'invalid JSON' },
    ]);
  });
});

describe('parseJsonl with a skip rule', () => {
  const SNAPSHOT = skipRule('"attachment":{"type":"prompt_snapshot"', '},"type":"attachment"');
  const body = { type: 'prompt_snapshot', systemPrompt: ['x'.repeat(5000), 'quote " brace } ,"type":"attachment" \\'], tools: [{ name: 't', input_schema: { type: 'object' } }], decoy: { inner: { k: 1 }, type: 'attachment' } };
  const line = (after = '"type":"attachment","uuid":"u1","timestamp":"2026-01-02T03:04:05.000Z"') => `{"parentUuid":"p","isSidechain":false,"attachment":${JSON.stringify(body)},${after}}`;
  const parse = (text: string) => parseJsonl(Buffer.from(`${text}\n`), [SNAPSHOT]);

  it("reads a snapshot's head and tail whole and its body as its kind alone, at the line's size", () => {
    const text = line();
    const { records, bad } = parse(text);
    expect(bad).toEqual([]);
    expect(records).toEqual([{ line: 1, size: Buffer.byteLength(text), start: 0, value: { parentUuid: 'p', isSidechain: false, attachment: { type: 'prompt_snapshot' }, type: 'attachment', uuid: 'u1', timestamp: '2026-01-02T03:04:05.000Z' } }]);
  });

  it('a line whose body is not at the top level, or with no end to find, or damaged outside the body, is parsed whole', () => {
    const nested = `{"x":{"attachment":${JSON.stringify(body)}},"type":"attachment","uuid":"u2"}`;
    const other = line('"type":"user","uuid":"u3"');
    const damaged = `${line().slice(0, -1)},}`;
    const { records, bad } = parse(`${nested}\n${other}\n${damaged}`);
    expect(records.map((r) => r.value)).toEqual([JSON.parse(nested), JSON.parse(other)]);
    expect(bad).toEqual([{ line: 3, reason: 'invalid JSON' }]);
  });
});
