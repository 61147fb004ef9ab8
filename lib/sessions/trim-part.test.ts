import { describe, expect, it } from 'vitest';
import type { Part, ToolPart } from '@/lib/model/part';
import { trimPart } from './trim-part';

const base = { id: 'prt_1', messageID: 'msg_1', sessionID: 'ses_1' };

describe('trimPart', () => {
  it('leaves ordinary parts untouched (same object, no cut marker)', () => {
    const part: Part = { ...base, type: 'text', text: 'short' };
    expect(trimPart(part, 100)).toBe(part);
  });

  it('cuts a long tool output and the file contents of its input, keeping the path', () => {
    const part: ToolPart = {
      ...base, type: 'tool', callID: 'c', tool: 'write', status: 'completed',
      input: { filePath: '/src/a.ts', content: 'x'.repeat(500) }, output: 'y'.repeat(300), metadata: { diff: { before: 'z'.repeat(400) }, ok: true },
    };
    const out = trimPart(part, 100) as ToolPart;
    expect(out.output?.startsWith('y'.repeat(100))).toBe(true);
    expect(out.output?.length).toBeLessThan(200);
    expect(out.input.filePath).toBe('/src/a.ts');
    expect(String(out.input.content).length).toBeLessThan(200);
    expect(out.metadata).toEqual({ diff: '[cut]', ok: true });
    expect(out.cut).toEqual({ output: 300, 'input.content': 500, 'metadata.diff': JSON.stringify({ before: 'z'.repeat(400) }).length });
    expect(part.output?.length).toBe(300);
  });

  it('cuts data URLs of files and the raw body of unknown parts', () => {
    const file = trimPart({ ...base, type: 'file', mime: 'image/png', url: `data:image/png;base64,${'A'.repeat(1000)}` }, 100);
    expect(file.cut?.url).toBe(1022);
    const unknown = trimPart({ ...base, type: 'unknown', originalType: 'future', raw: { blob: 'b'.repeat(1000) } }, 100);
    expect(unknown.cut?.raw).toBeGreaterThan(1000);
  });
});
