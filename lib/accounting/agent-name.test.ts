import { describe, expect, it } from 'vitest';
import { normaliseAgentName } from './agent-name';

describe('normaliseAgentName', () => {
  it.each([
    ['Sisyphus - ultraworker', 'Sisyphus'],
    ['\u200BSisyphus', 'Sisyphus'],
    ['\u200B\u200B1|Sisyphus - ultraworker', 'Sisyphus'],
    ['2 | Oracle', 'Oracle'],
    ['Prometheus — Plan Builder', 'Prometheus'],
    ['build', 'build'],
    ['  explore  ', 'explore'],
    ['multi-word-agent', 'multi-word-agent'],
  ])('%j -> %j', (raw, label) => {
    expect(normaliseAgentName(raw)?.label).toBe(label);
  });

  it('groups case-insensitively', () => {
    expect(normaliseAgentName('SISYPHUS')?.key).toBe(normaliseAgentName('\uFEFFsisyphus - plan')?.key);
  });

  it('has no name for blanks', () => {
    expect(normaliseAgentName(undefined)).toBeUndefined();
    expect(normaliseAgentName('\u200B ')).toBeUndefined();
  });
});
