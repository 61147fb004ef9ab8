import type { SessionContextUse } from '@/lib/sessions/session-figures';
import { describeContext } from '@/lib/view/context-view';

/** How full the context window was at the latest request: a small gauge and a share, or "unknown". */
export function ContextMeter({ use }: { use: SessionContextUse | undefined }) {
  const v = describeContext(use);
  return (
    <span className={`context-meter level-${v.level}`} title={v.title} data-level={v.level}>
      {v.ratio !== undefined ? (
        <span className="meter" aria-hidden>
          <span className="meter-fill" style={{ width: `${Math.max(2, v.ratio * 100)}%` }} />
        </span>
      ) : null}
      <span className="context-text">{v.text}</span>
    </span>
  );
}
