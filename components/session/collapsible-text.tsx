'use client';
import { truncateText } from '@/lib/view/truncate-text';
import { formatCount } from '@/lib/format/format-tokens';
import { useExpanded } from './expanded-context';

/** Long text (tool output, reasoning, a prompt) cut to `maxLines` lines until "show all" is clicked. Always plain text. */
export function CollapsibleText({ id, text, className = 'output', maxLines, maxChars }: { id: string; text: string; className?: string; maxLines?: number; maxChars?: number }) {
  const [all, toggle] = useExpanded(`all:${id}`);
  const cut = truncateText(text, maxLines, maxChars);
  return (
    <>
      <pre className={className}>{all || !cut.truncated ? text : cut.text}</pre>
      {cut.truncated ? (
        <button type="button" className="link-button small" onClick={toggle}>
          {all ? 'show less' : `show all (${formatCount(cut.hiddenLines)} more lines, ${formatCount(cut.hiddenChars)} characters)`}
        </button>
      ) : null}
    </>
  );
}
