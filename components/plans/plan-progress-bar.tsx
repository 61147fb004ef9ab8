import type { PlanProgress } from '@/lib/plans/plan-work';

/** Done of total tasks, as a bar and as numbers. */
export function PlanProgressBar({ progress, label, compact = false }: { progress: Pick<PlanProgress, 'done' | 'total'>; label: string; compact?: boolean }) {
  const share = progress.total > 0 ? progress.done / progress.total : 0;
  return (
    <div className={`plan-progress${compact ? ' compact' : ''}`}>
      <div className="bar-track" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={progress.total} aria-valuenow={progress.done}>
        <div className={`bar-fill${progress.total > 0 && progress.done === progress.total ? ' complete' : ''}`} style={{ width: `${share * 100}%` }} />
      </div>
      <span className="plan-count" data-testid="plan-count">
        {progress.done}/{progress.total}
      </span>
    </div>
  );
}
