import { RelativeTime } from '@/components/ui/relative-time';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import { formatBytes } from '@/lib/format/format-bytes';
import { plural } from '@/lib/format/plural';
import { Collapsible } from './collapsible';
import { CollapsibleText } from './collapsible-text';
import { PartWithCut } from './part-with-cut';

// A pasted log or spec folds to its first lines: the turn stays readable among hundreds.
const PROMPT_LINES = 6;
const PROMPT_CHARS = 700;

/** The user's prompt as typed (plain text: prompts are not rendered as markdown), with attachments. */
export function UserPrompt({ info, parts }: { info: MessageInfo; parts: Part[] }) {
  const typed = parts.filter((p) => p.type === 'text' && !p.synthetic);
  const rest = parts.filter((p) => !(p.type === 'text' && !p.synthetic) && p.type !== 'context');
  // Claude Code adds a dozen records of context to a prompt (environment, listings, the system prompt): one folded line.
  const context = parts.filter((p) => p.type === 'context');
  const contextSize = context.reduce((sum, p) => sum + (p.type === 'context' ? p.size : 0), 0);
  return (
    <article className="user-prompt" data-message-id={info.id}>
      <header className="row-head">
        <strong>You</strong>
        {info.agent ? <span className="chip">{info.agent}</span> : null}
        <span className="muted small">
          <RelativeTime ms={info.time.created} />
        </span>
      </header>
      {typed.map((p) => (p.type === 'text' ? <CollapsibleText key={p.id} id={p.id} text={p.text.trim()} className="prompt-text" maxLines={PROMPT_LINES} maxChars={PROMPT_CHARS} /> : null))}
      {typed.length === 0 ? <p className="muted">(no text)</p> : null}
      {context.length > 0 ? (
        <Collapsible id={`${info.id}:context`} summary={`Context the client added · ${plural(context.length, 'record')} · ${formatBytes(contextSize)}`} className="synthetic">
          {context.map((p) => (
            <PartWithCut key={p.id} part={p} />
          ))}
        </Collapsible>
      ) : null}
      {rest.map((p) => (
        <PartWithCut key={p.id} part={p} />
      ))}
    </article>
  );
}
