import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claudeLineSchema } from './claude-schema';
import { LINE_FIELDS, parseClaudeLine } from './parse-claude-line';

const FIXTURES = path.join(process.cwd(), 'test', 'fixtures');

function fixtureLines(): unknown[] {
  const files = readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).filter((f) => f.startsWith('claude') && f.endsWith('.jsonl'));
  return files.flatMap((f) =>
    readFileSync(path.join(FIXTURES, f), 'utf8')
      .split('\n')
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as unknown];
        } catch {
          return []; // a fixture's half-written line
        }
      }),
  );
}

/** Lines with one field of the wrong type: the schema drops or replaces it, or refuses the line. */
const ODD: unknown[] = [
  ...LINE_FIELDS.string.map((key) => ({ type: 'user', [key]: 7 })),
  ...LINE_FIELDS.boolean.map((key) => ({ type: 'user', [key]: 'yes' })),
  { type: 'user', parentUuid: 3 },
  { type: 'system', subtype: 'api_error', retryAttempt: '2' },
  { type: 'attachment', attachment: { type: 5, text: 'x' } },
  { type: 'attachment', attachment: [] },
  { type: 'system', compactMetadata: { trigger: 1 } },
  { type: 'api-request', params: { model: 'm', betas: ['a', 2] } },
  { type: 'api-request', params: { model: 3 } },
  { type: 'api-request', params: 'p' },
  { type: '' },
  { uuid: 'u' },
  { type: 3 },
  ['user'],
  'user',
  null,
];

describe('parseClaudeLine', () => {
  it('reads every line as the schema does: the fixtures written by Claude Code, and lines with fields of the wrong type', () => {
    const lines = [...fixtureLines(), ...ODD];
    expect(lines.length).toBeGreaterThan(400);
    for (const line of lines) {
      const parsed = claudeLineSchema.safeParse(line);
      expect(parseClaudeLine(line)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });

  it('checks every field the schema names', () => {
    expect(Object.values(LINE_FIELDS).flat().sort()).toEqual(Object.keys(claudeLineSchema.shape).sort());
  });
});
