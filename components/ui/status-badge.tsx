import type { StatusResult } from '@/lib/status/session-status';
import { statusLabel, statusTone } from '@/lib/view/status-view';

export function StatusBadge({ status, withReason = false }: { status: StatusResult; withReason?: boolean }) {
  return (
    <span className={`badge tone-${statusTone(status.status)}`} title={status.reason} data-status={status.status}>
      <span className="dot" aria-hidden />
      {statusLabel(status.status)}
      {withReason ? <span className="badge-reason">: {status.reason}</span> : null}
    </span>
  );
}
