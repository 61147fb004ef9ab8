import type { ToolPart } from '@/lib/model/part';
import { formatBytes } from '@/lib/format/format-bytes';

export function fullOutputHref(part: Pick<ToolPart, 'sessionID' | 'id' | 'messageID'>): string {
  const message = part.messageID ? `?message=${encodeURIComponent(part.messageID)}` : '';
  return `/api/sessions/${encodeURIComponent(part.sessionID)}/parts/${encodeURIComponent(part.id)}/full-output${message}`;
}

/** The agent kept the whole output in a file of its own (oh-my-pi artifact): the result above is part of it. */
export function FullOutputLink({ part }: { part: ToolPart }) {
  const size = part.fullOutput?.bytes !== undefined ? ` (${formatBytes(part.fullOutput.bytes)}${part.fullOutput.lines !== undefined ? `, ${part.fullOutput.lines} lines` : ''})` : '';
  return (
    <p className="muted small" data-testid="full-output">
      The agent kept only part of this output in the transcript.{' '}
      <a href={fullOutputHref(part)} target="_blank" rel="noreferrer">
        Whole output{size}
      </a>
    </p>
  );
}
