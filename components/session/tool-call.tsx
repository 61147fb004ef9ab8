import type { ToolPart } from '@/lib/model/part';
import { formatDuration } from '@/lib/format/format-duration';
import { formatToolInput, toolMainArg, toolOutputShown } from '@/lib/view/tool-summary';
import { taskResultText } from '@/lib/view/task-card';
import { useChildSession } from './child-sessions';
import { TaskChildCard } from './task-child-card';
import { Collapsible } from './collapsible';
import { DiffView } from './diff-view';
import { editDiffOf } from '@/lib/view/edit-diff';
import { CollapsibleText } from './collapsible-text';
import { FullOutputLink } from './full-output-link';

const STATE_TONE = { pending: 'muted', running: 'active', completed: 'quiet', error: 'danger' } as const;

export function ToolCall({ part }: { part: ToolPart }) {
  const child = useChildSession(part.childSessionID);
  const output = toolOutputShown(part.output !== undefined && part.childSessionID ? taskResultText(part.output) : part.output, part.error);
  const arg = toolMainArg(part.input);
  // An edit or a write reads as the lines it changed, not as JSON with \n escapes.
  const edit = editDiffOf(part.tool, part.input);
  const duration = part.time?.start !== undefined && part.time.end !== undefined ? part.time.end - part.time.start : undefined;
  const summary = (
    <>
      <span className="tool-name">{part.tool}</span>
      {arg ? <code className="tool-arg">{arg}</code> : null}
    </>
  );
  const badge = (
    <span className="tool-meta">
      <span className={`badge tone-${STATE_TONE[part.status]}`}>{part.status}</span>
      {duration !== undefined ? <span className="muted small">{formatDuration(duration)}</span> : null}
    </span>
  );
  return (
    <div className="tool-call" data-tool={part.tool} data-status={part.status}>
      {child ? <TaskChildCard child={child} /> : null}
      <Collapsible id={part.id} summary={summary} badge={badge}>
        {part.title && part.title !== arg ? <p className="muted small">{part.title}</p> : null}
        {edit ? (
          <>
            <div className="tool-section-label">Changes</div>
            {edit.file ? <div className="diff-file">{edit.file}</div> : null}
            {edit.parts.map((lines, i) => (
              <DiffView key={i} lines={lines} file={edit.file} label={`Change ${i + 1} of ${edit.parts.length}${edit.file ? ` to ${edit.file}` : ''}`} />
            ))}
          </>
        ) : (
          <>
            <div className="tool-section-label">Input</div>
            <pre className="output">{formatToolInput(part.input)}</pre>
          </>
        )}
        {output !== undefined ? (
          <>
            <div className="tool-section-label">Output</div>
            <CollapsibleText id={part.id} text={output} />
          </>
        ) : null}
        {part.fullOutput ? <FullOutputLink part={part} /> : null}
        {part.compacted ? <p className="muted small">Output compacted away by OpenCode.</p> : null}
      </Collapsible>
      {part.error ? (
        <pre className="output output-error" role="note">
          {part.error}
        </pre>
      ) : null}
    </div>
  );
}
