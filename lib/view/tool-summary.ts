// `cmd`: Codex CLI's exec_command; `message`: its spawn_agent task.
const MAIN_ARG_KEYS = ['command', 'cmd', 'filePath', 'file_path', 'path', 'pattern', 'url', 'query', 'description', 'prompt', 'message'];

/** The argument that says what a tool call did ("npm test", "src/a.ts"), one line, bounded. */
export function toolMainArg(input: Record<string, unknown> | undefined, max = 120): string | undefined {
  if (!input) return undefined;
  for (const key of MAIN_ARG_KEYS) {
    const value = input[key];
    if (typeof value === 'string' && value.trim()) {
      const line = value.trim().split('\n')[0] ?? '';
      return line.length > max ? `${line.slice(0, max - 1)}…` : line;
    }
  }
  return undefined;
}

/** Pretty JSON of a tool input, for the expanded view. */
export function formatToolInput(input: Record<string, unknown>): string {
  try {
    return JSON.stringify(input, null, 2);
  } catch {
    return String(input);
  }
}

/** A failed call's output, unless it only repeats the error printed under the call (Claude Code and pi write both). */
export function toolOutputShown(output: string | undefined, error: string | undefined): string | undefined {
  return output !== undefined && error !== undefined && output.trim() === error.trim() ? undefined : output;
}
