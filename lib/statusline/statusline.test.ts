import { describe, expect, it } from 'vitest';
import { parseStatuslineInput, sessionIdOf } from './statusline-input';
import { statuslineText } from './statusline-text';

describe('statusline input', () => {
  it("takes Claude Code's session id, or the transcript's file name, and ignores what is not its JSON", () => {
    expect(sessionIdOf(parseStatuslineInput('{"session_id":"abc","transcript_path":"/p/x.jsonl","cost":{"total_cost_usd":1}}'))).toBe('abc');
    expect(sessionIdOf(parseStatuslineInput('{"transcript_path":"/home/u/.claude/projects/p/1234-5678.jsonl"}'))).toBe('1234-5678');
    expect(parseStatuslineInput('not json')).toEqual({});
    expect(parseStatuslineInput('{"session_id":42}')).toEqual({});
    expect(parseStatuslineInput('')).toEqual({});
  });
});

describe('statuslineText', () => {
  it('says a cost with no known price is unpriced, and marks figures that wait for a refresh', () => {
    expect(statuslineText({ today: { cost: 0, unpriced: true, messages: 3 }, stale: false })).toBe('today unpriced | no active block');
    expect(statuslineText({ today: { cost: 1.5, unpriced: true, messages: 3 }, block: { cost: 1.5, msLeft: 135 * 60_000 }, context: { used: 90_000, limit: 200_000 }, stale: true })).toBe('today ~$1.50* | block ~$1.50 (2h15m left) | ctx 45% 90k/200k');
  });
});
