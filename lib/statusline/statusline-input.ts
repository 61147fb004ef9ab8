import { z } from 'zod';

/**
 * What Claude Code hands a status-line command on stdin (its statusline docs): the session's id and
 * transcript, the folder, the model. Lenient: fields it adds pass, a field it drops is absent.
 */
const statuslineInputSchema = z.object({
  session_id: z.string().max(300).optional(),
  transcript_path: z.string().max(4096).optional(),
  cwd: z.string().max(4096).optional(),
  model: z.object({ id: z.string().max(300).optional(), display_name: z.string().max(300).optional() }).optional(),
});
export type StatuslineInput = z.infer<typeof statuslineInputSchema>;

/** The session a status line is for: Claude Code's JSON, or nothing when the text is none of it. */
export function parseStatuslineInput(text: string): StatuslineInput {
  if (!text.trim()) return {};
  try {
    const parsed = statuslineInputSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** The session id: Claude Code's, or the transcript's file name (`<session id>.jsonl`). */
export function sessionIdOf(input: StatuslineInput): string | undefined {
  if (input.session_id) return input.session_id;
  const name = input.transcript_path?.split(/[\\/]/).at(-1);
  return name?.endsWith('.jsonl') ? name.slice(0, -'.jsonl'.length) : undefined;
}
