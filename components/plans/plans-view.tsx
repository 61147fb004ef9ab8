'use client';
import { useEffect, type ReactNode } from 'react';
import { TeamPlansView } from '@/components/team/team-plans-view';
import { useScopedHead } from '@/components/team/use-scoped-head';
import { ErrorState } from '@/components/ui/error-state';
import { Counting, Loading } from '@/components/ui/loading';
import { Stat } from '@/components/ui/stat';
import { useNow } from '@/components/ui/use-now';
import { formatCost } from '@/lib/format/format-cost';
import { shortPath } from '@/lib/format/format-path';
import { plural } from '@/lib/format/plural';
import { stillCounting } from '@/lib/view/index-phase';
import { planCounts } from '@/lib/view/plan-counts';
import { plansByProject } from '@/lib/view/plan-display';
import { PlanCard } from './plan-card';
import { PlansEmpty } from './plans-empty';
import { usePlans } from './use-plans';

/** This machine's plans, or the team's (`?scope=team` with --team-db: every machine's, progress as counts). */
export function PlansView() {
  const { head, team } = useScopedHead('Plans', 'Team plans');
  if (team) {
    return (
      <div className="page plans-page">
        {head}
        <TeamPlansView team={team} />
      </div>
    );
  }
  return <MachinePlansView head={head} />;
}

function MachinePlansView({ head }: { head: ReactNode }) {
  const plans = usePlans();
  const now = useNow();
  const loaded = plans.data !== undefined;
  // Links like /plans#plan-x arrive before the plans do: scroll once they are on the page.
  useEffect(() => {
    if (loaded && window.location.hash) document.getElementById(decodeURIComponent(window.location.hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [loaded]);
  if (plans.error) return <ErrorState what="plans (/api/plans)" error={plans.error} />;
  if (!plans.data) return <Loading what="plans" />;
  const list = plans.data.plans;
  const projects = plansByProject(list);
  const works = list.filter((p) => p.work);
  // The badges' rule: a work the boulder calls active whose sessions went quiet counts as idle.
  const counts = planCounts(list, now);
  const counting = stillCounting(plans.data.index);
  // No session of any work is here: no cost to state ("$0.00" would claim they cost nothing).
  const found = works.some((p) => p.sessions.some((s) => s.found));
  // A missing plan file already shows on its card.
  const issues = plans.data.issues.filter((i) => !list.some((p) => p.problem && p.planPath === i.path));
  return (
    <div className="page plans-page">
      {head}
      {list.length === 0 ? (
        <PlansEmpty searched={plans.data.searched} />
      ) : (
        <>
          <div className="stats-row">
            <Stat
              label="Active works"
              testId="plans-active"
              value={counts.byPhase.running}
              detail={`${counts.byPhase.idle} idle · ${plural(counts.works, 'work')} in ${plural(projects.length, 'project')}`}
            />
            <Stat label="Tasks done in active and idle works" testId="plans-tasks" value={`${counts.tasksDone}/${counts.tasksTotal}`} />
            <Stat
              label="Cost of plan sessions"
              testId="plans-cost"
              value={counting ? <Counting /> : found ? formatCost(works.reduce((sum, p) => sum + p.cost, 0)) : '—'}
              detail={found ? 'with subagents' : 'none of their sessions is in the data read here'}
            />
          </div>
          {projects.map((group) => (
            <section key={group.projectDir} className="plan-project" aria-label={`Plans of ${group.projectDir}`}>
              <h2 className="plan-project-title" title={group.projectDir}>
                {shortPath(group.projectDir, 90)}
              </h2>
              {group.plans.map((plan) => (
                <PlanCard key={plan.key} plan={plan} counting={counting} />
              ))}
            </section>
          ))}
          {issues.length > 0 ? (
            <p className="notice notice-warning small" data-testid="plan-issues">
              {plural(issues.length, 'plan file or boulder', 'plan files or boulders')} could not be read (see Diagnostics):{' '}
              {issues.map((i) => `${shortPath(i.path, 60)} (${i.reason})`).join('; ')}
            </p>
          ) : null}
        </>
      )}
    </div>
  );
}
