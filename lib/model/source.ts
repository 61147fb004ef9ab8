/** Where a record came from. The same session id can exist in more than one OpenCode store. */
export type SourceKind = 'opencode-sqlite' | 'opencode-json' | 'omp' | 'pi' | 'claude' | 'codex' | 'gemini';

export const SOURCE_KINDS: readonly SourceKind[] = ['opencode-sqlite', 'opencode-json', 'omp', 'pi', 'claude', 'codex', 'gemini'];

export const SOURCE_LABELS: Record<SourceKind, string> = {
  'opencode-sqlite': 'OpenCode',
  'opencode-json': 'OpenCode (JSON)',
  omp: 'oh-my-pi',
  pi: 'pi',
  claude: 'Claude Code',
  codex: 'Codex CLI',
  gemini: 'Gemini CLI',
};

/**
 * The agent that wrote a session, as people name it: OpenCode's two stores are one agent (which
 * store a session was read from is a storage detail, shown only in tooltips and diagnostics).
 */
export type SourceFamily = 'opencode' | 'omp' | 'pi' | 'claude' | 'codex' | 'gemini';

export const SOURCE_FAMILIES: readonly SourceFamily[] = ['opencode', 'omp', 'pi', 'claude', 'codex', 'gemini'];

export const SOURCE_FAMILY_LABELS: Record<SourceFamily, string> = {
  opencode: 'OpenCode',
  omp: 'oh-my-pi',
  pi: 'pi',
  claude: 'Claude Code',
  codex: 'Codex CLI',
  gemini: 'Gemini CLI',
};

export function sourceFamilyOf(kind: SourceKind): SourceFamily {
  return kind === 'opencode-sqlite' || kind === 'opencode-json' ? 'opencode' : kind;
}

/** A `source` filter: a family ("opencode": both stores) or one exact kind ("opencode-json"). */
export type SourceFilter = SourceFamily | SourceKind;

export const SOURCE_FILTERS: readonly [SourceFilter, ...SourceFilter[]] = ['opencode', 'opencode-sqlite', 'opencode-json', 'omp', 'pi', 'claude', 'codex', 'gemini'];

export function matchesSource(kind: SourceKind, filter: SourceFilter): boolean {
  return kind === filter || sourceFamilyOf(kind) === filter;
}

export function sourceFilterLabel(filter: SourceFilter): string {
  return filter in SOURCE_FAMILY_LABELS ? SOURCE_FAMILY_LABELS[filter as SourceFamily] : SOURCE_LABELS[filter as SourceKind];
}
