import { describe, expect, it } from 'vitest';
import { matchesSource, SOURCE_FAMILIES, SOURCE_FILTERS, SOURCE_KINDS, sourceFamilyOf, sourceFilterLabel } from './source';

describe('source families', () => {
  it('folds both OpenCode stores into one family and keeps the others apart', () => {
    expect(SOURCE_KINDS.map(sourceFamilyOf)).toEqual(['opencode', 'opencode', 'omp', 'pi', 'claude', 'codex', 'gemini']);
  });

  it('a family filter matches every kind of the family; a kind filter only itself', () => {
    expect(SOURCE_KINDS.filter((k) => matchesSource(k, 'opencode'))).toEqual(['opencode-sqlite', 'opencode-json']);
    expect(SOURCE_KINDS.filter((k) => matchesSource(k, 'opencode-json'))).toEqual(['opencode-json']);
    expect(SOURCE_KINDS.filter((k) => matchesSource(k, 'pi'))).toEqual(['pi']);
    expect(SOURCE_KINDS.filter((k) => matchesSource(k, 'omp'))).toEqual(['omp']);
    expect(SOURCE_KINDS.filter((k) => matchesSource(k, 'codex'))).toEqual(['codex']);
    expect(SOURCE_KINDS.filter((k) => matchesSource(k, 'gemini'))).toEqual(['gemini']);
  });

  it('every family and every kind is an accepted filter value, with a label', () => {
    expect(new Set(SOURCE_FILTERS)).toEqual(new Set([...SOURCE_FAMILIES, ...SOURCE_KINDS]));
    expect(SOURCE_FILTERS.map(sourceFilterLabel)).toEqual(['OpenCode', 'OpenCode', 'OpenCode (JSON)', 'oh-my-pi', 'pi', 'Claude Code', 'Codex CLI', 'Gemini CLI']);
  });
});
