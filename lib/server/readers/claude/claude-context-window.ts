import 'server-only';
import type { ClaudeLine } from './claude-schema';

/** Claude Code's context window: 200,000 tokens whatever models.dev lists for the model (1M for Sonnet 4.5). */
export const CLAUDE_CODE_CONTEXT = 200_000;
/** With the 1M-context option (the `[1m]` model alias): the `context-1m-*` beta on its requests. */
export const CLAUDE_CODE_1M_CONTEXT = 1_000_000;

export function usesOneMillion(line: ClaudeLine): boolean {
  if (line.type === 'api-request') return (line.params?.betas ?? []).some((beta) => beta.startsWith('context-1m')) || /\[1m\]$/i.test(line.params?.model ?? '');
  if (line.type !== 'assistant') return false;
  const model = (line.message as { model?: unknown } | undefined)?.model;
  return typeof model === 'string' && /\[1m\]$/i.test(model);
}

/** The context window a transcript's requests ran with. */
export function claudeContextWindow(lines: readonly ClaudeLine[]): number {
  return lines.some(usesOneMillion) ? CLAUDE_CODE_1M_CONTEXT : CLAUDE_CODE_CONTEXT;
}
