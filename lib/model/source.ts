/** Where a record came from. The same session id can exist in more than one OpenCode store. */
export type SourceKind = 'opencode-sqlite' | 'opencode-json' | 'omp' | 'pi' | 'claude';

export const SOURCE_KINDS: readonly SourceKind[] = ['opencode-sqlite', 'opencode-json', 'omp', 'pi', 'claude'];

export const SOURCE_LABELS: Record<SourceKind, string> = {
  'opencode-sqlite': 'OpenCode',
  'opencode-json': 'OpenCode (JSON)',
  omp: 'oh-my-pi',
  pi: 'pi',
  claude: 'Claude Code',
};
