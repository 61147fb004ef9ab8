import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sumTokens } from '@/lib/model/tokens';
import { parseJsonl } from '../pi/jsonl';
import { codexLineSchema } from './codex-schema';
import { mapCodexLines } from './codex-session';

const day = fileURLToPath(new URL('../../../../test/fixtures/codex-0.171.0/sessions/2026/11/26/', import.meta.url));
const rollouts = readdirSync(day).map((name) => path.join(day, name));

function mapText(text: string, file = 'rollout-x.jsonl') {
  const records = parseJsonl(text).records;
  const lines = records.map((r) => codexLineSchema.parse(r.value));
  return mapCodexLines(lines, records.map((r) => r.size), { path: file });
}

const assistantTokens = (text: string) => {
  const mapped = mapText(text)!;
  return { tokens: sumTokens(mapped.messages.map((m) => m.tokens)), responses: mapped.messages.filter((m) => m.role === 'assistant' && !m.error).length };
};

describe('a Codex rollout mapped', () => {
  it('versions before token_usage_record: the same tokens from the token_count events', () => {
    for (const file of rollouts) {
      const text = readFileSync(file, 'utf8');
      const older = text.split('\n').filter((line) => !line.includes('"type":"token_usage_record"')).join('\n');
      // The failed turn's rollout has no usage at all.
      if (older.length === text.length) continue;
      expect(assistantTokens(older), path.basename(file)).toEqual(assistantTokens(text));
    }
  });

  it('a usage record written twice for one response counts once', () => {
    const file = rollouts.find((f) => readFileSync(f, 'utf8').includes('[ssc:x-tools]'))!;
    const text = readFileSync(file, 'utf8');
    const record = text.split('\n').find((line) => line.includes('"type":"token_usage_record"'))!;
    expect(assistantTokens(`${text}${record}\n`)).toEqual(assistantTokens(text));
  });

  it('no session_meta yet: not a session (a rollout being created)', () => {
    expect(mapText('{"timestamp":"2026-11-26T15:21:09.669Z","type":"event_msg","payload":{"type":"task_started"}}\n')).toBeUndefined();
  });
});
