import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseJsonl } from '../pi/jsonl';
import { usageLines } from './usage-lines';

const FIXTURES = fileURLToPath(new URL('../../../../test/fixtures/', import.meta.url));
const transcripts = ['claude', 'claude-2.1.328', 'claude-2.1.332'].flatMap((fixture) => {
  const root = path.join(FIXTURES, fixture, 'projects');
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.jsonl')).map((f) => path.join(root, f));
});
const responses = (values: readonly { value: unknown }[]) => values.map((r) => r.value).filter((v) => (v as { type?: unknown }).type === 'assistant');

describe('usageLines', () => {
  it.each(transcripts.map((file) => [path.relative(FIXTURES, file), file]))('keeps every response of %s, as the whole parse reads them', (_name, file) => {
    const bytes = readFileSync(file);
    expect(responses(usageLines(bytes, []).records)).toEqual(responses(parseJsonl(bytes).records));
  });

  it('keeps a response however it is spaced, and passes over lines that say another type first (tool results, request bodies)', () => {
    const lines = [
      { type: 'user', cwd: '/w', sessionId: 's', message: { role: 'user', content: 'hi' } },
      { type: 'user', message: { role: 'user', content: [{ type: 'tool_result', content: 'said "assistant"' }] }, toolUseResult: { type: 'assistant' } },
      { type: 'api-request-shape', shape: { messages: [{ role: 'assistant' }] } },
      { parentUuid: 'p', message: { role: 'assistant', content: [] }, type: 'assistant', uuid: 'a' },
    ].map((line) => JSON.stringify(line));
    lines.push(JSON.stringify({ uuid: 'b', type: 'assistant', message: { role: 'assistant' } }, null, 1).replaceAll('\n', ''));
    const kept = usageLines(Buffer.from(`${lines.join('\n')}\n`), []).records.map((r) => (r.value as { uuid?: string; type: string }).uuid ?? r.value);
    expect(kept).toEqual([expect.objectContaining({ cwd: '/w' }), 'a', 'b']);
  });
});
