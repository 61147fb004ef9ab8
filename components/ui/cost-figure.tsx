import { describeCost, type CostInput } from '@/lib/view/cost-view';

/**
 * A cost as recorded, with the API-equivalent cost under it when the two read differently and
 * "partly unpriced" when some models have no price; the hover says where each number comes from.
 */
export function CostFigure({ value, testId, align = 'end', inline = false }: { value: CostInput; testId?: string; align?: 'start' | 'end'; inline?: boolean }) {
  const v = describeCost(value);
  return (
    <span className={`cost-figure align-${align}${inline ? ' inline' : ''}`} title={v.title} data-testid={testId} data-partly-unpriced={v.partlyUnpriced ? 'true' : undefined}>
      <span className={`cost-stored${value.costRecorded === 'none' ? ' muted' : ''}`}>{v.stored}</span>
      {v.alt ? <span className={`cost-alt${v.partlyUnpriced ? ' unpriced' : ''}`}>{v.alt}</span> : null}
    </span>
  );
}
