import { StatusBadge } from '@/components/ui/status-badge';
import type { SessionStatus } from '@/lib/status/session-status';

/** A team session's status as its machine last published it (the reason stays on that machine). */
export function TeamStatusBadge({ status, machine, updated }: { status: SessionStatus | undefined; machine: string; updated: number }) {
  if (!status) return <span className="muted small">—</span>;
  return <StatusBadge status={{ status, reason: `As ${machine} last published it`, lastWrite: updated }} />;
}
