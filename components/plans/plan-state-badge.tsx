import { planStateLabel, planStateTone, type PlanState } from '@/lib/view/plan-display';

const TITLES: Record<PlanState, string> = {
  active: 'The boulder says this work is in progress',
  paused: 'The boulder says this work is paused',
  completed: 'The boulder says this work is completed',
  abandoned: 'The boulder says this work was abandoned',
  'not-started': 'A plan file that no boulder work names',
};

export function PlanStateBadge({ state }: { state: PlanState }) {
  return (
    <span className={`badge tone-${planStateTone(state)}`} data-plan-state={state} title={TITLES[state]}>
      <span className="dot" aria-hidden />
      {planStateLabel(state)}
    </span>
  );
}
