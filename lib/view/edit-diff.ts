import { lineDiff, type DiffLine } from '@/lib/diff/line-diff';

export interface EditDiff {
  file?: string;
  /** One diff per replacement (a multi-edit has several). */
  parts: DiffLine[][];
}

type Input = Record<string, unknown>;
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const fileOf = (input: Input) => str(input.filePath) ?? str(input.file_path) ?? str(input.path);

/** One replacement in any agent's words: OpenCode oldString/newString, Claude Code old_string/new_string, pi oldText/newText. */
function replacement(edit: Input): DiffLine[] | undefined {
  const before = str(edit.oldString) ?? str(edit.old_string) ?? str(edit.oldText);
  const after = str(edit.newString) ?? str(edit.new_string) ?? str(edit.newText);
  return before === undefined || after === undefined ? undefined : lineDiff(before, after);
}

/**
 * A file edit or write as the lines it changed, from the tool call's input: edit (OpenCode, Claude
 * Code's Edit), MultiEdit and pi's edits[], write / Write (every line added). Undefined for any
 * other call (its input is shown as it is).
 */
export function editDiffOf(tool: string, input: Input): EditDiff | undefined {
  const file = fileOf(input);
  const name = tool.toLowerCase();
  if (name === 'write') {
    const content = str(input.content);
    return content === undefined ? undefined : { file, parts: [lineDiff('', content)] };
  }
  if (name !== 'edit' && name !== 'multiedit') return undefined;
  const edits = Array.isArray(input.edits) ? input.edits.filter((e): e is Input => Boolean(e) && typeof e === 'object') : [input];
  const parts = edits.map(replacement).filter((p): p is DiffLine[] => p !== undefined);
  return parts.length > 0 ? { file, parts } : undefined;
}
