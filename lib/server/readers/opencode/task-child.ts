/** Session ids OpenCode makes (`ses_` + 26 characters); others are not taken as a link. */
const SESSION_ID = /^ses_[0-9A-Za-z]{10,40}$/;

/**
 * The subagent session a `task` call started: `state.metadata.sessionId` (1.1 and later), else the
 * `<task id="ses_…">` (or `task_id: ses_…`) line its output starts with.
 */
export function taskChildSessionID(tool: string, metadata: Record<string, unknown> | null | undefined, output: string | null | undefined): string | undefined {
  if (tool !== 'task') return undefined;
  const fromMetadata = metadata?.sessionId ?? metadata?.sessionID;
  if (typeof fromMetadata === 'string' && SESSION_ID.test(fromMetadata)) return fromMetadata;
  const head = output?.slice(0, 400) ?? '';
  const fromOutput = /<task\s+id="(ses_[0-9A-Za-z]+)"/.exec(head)?.[1] ?? /task_id:\s*(ses_[0-9A-Za-z]+)/.exec(head)?.[1];
  return fromOutput && SESSION_ID.test(fromOutput) ? fromOutput : undefined;
}
