'use client';
import { useQuery } from '@tanstack/react-query';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { PlanProgressBar } from '@/components/plans/plan-progress-bar';
import { ErrorState } from '@/components/ui/error-state';
import { Loading } from '@/components/ui/loading';
import { RelativeTime } from '@/components/ui/relative-time';
import { fetchJson } from '@/lib/client/fetch-json';
import { baseName } from '@/lib/format/format-path';
import { plural } from '@/lib/format/plural';
import type { TeamPlanRow } from '@/lib/team/team-query';
import { TEAM_REFRESH_MS } from './use-team';
import type { ConfiguredTeam } from './use-team-scope';
import { useTeamFacets } from './use-team-session-page';
import { WhatIsPublished } from './what-is-published';

const FILTERS = ['person', 'machine'] as const;
const STATUS_TONES: Record<string, string> = { active: 'active', completed: 'quiet', paused: 'warning', abandoned: 'muted' };

/** The Plans page's team scope: every machine's plans with their progress (counts only: a plan's text stays on its machine). */
export function TeamPlansView({ team }: { team: ConfiguredTeam }) {
  const router = useRouter();
  const pathname = usePathname();
  const url = useSearchParams();
  const facets = useTeamFacets().data;
  const params = new URLSearchParams({ scope: 'team' });
  for (const key of FILTERS) if (url.get(key)) params.set(key, url.get(key)!);
  const plans = useQuery({ queryKey: ['team', 'plans', params.toString()], queryFn: () => fetchJson<{ plans: TeamPlanRow[] }>(`/api/plans?${params.toString()}`), refetchInterval: TEAM_REFRESH_MS, retry: false });
  const set = (key: (typeof FILTERS)[number], value: string) => {
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(key, value);
    else next.delete(key);
    router.replace(`${pathname}?${next.toString()}`, { scroll: false });
  };
  const list = plans.data?.plans ?? [];
  return (
    <>
      <WhatIsPublished team={team} />
      <form className="filter-bar" aria-label="Filter the team's plans" onSubmit={(e) => e.preventDefault()}>
        <select aria-label="Person" value={url.get('person') ?? ''} onChange={(e) => set('person', e.target.value)}>
          <option value="">Everyone</option>
          {(facets?.people ?? []).map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
        <select aria-label="Machine" value={url.get('machine') ?? ''} onChange={(e) => set('machine', e.target.value)}>
          <option value="">Every machine</option>
          {(facets?.machines ?? []).map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </select>
        {plans.data ? <span className="muted small">{plural(list.length, 'plan')} across the team</span> : null}
      </form>
      {plans.error ? <ErrorState what="the team's plans" error={plans.error} /> : null}
      {!plans.data && !plans.error ? <Loading what="the team's plans" /> : null}
      {plans.data && list.length === 0 ? <p className="muted">No plan published: plans come from machines whose dashboards run with --team-db.</p> : null}
      {list.length > 0 ? (
        <div className="table-box">
          <table className="table card-table team-plans-table" data-testid="team-plans-table">
            <thead>
              <tr>
                {['Status', 'Plan', 'Who', 'Project', 'Progress', 'Sessions', 'Updated'].map((c) => (
                  <th key={c} className={c === 'Sessions' || c === 'Updated' ? 'num card-hide' : 'card-hide'}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.map((p) => (
                <tr key={`${p.machine}/${p.key}`} data-plan={p.name} data-machine={p.machine} data-person={p.person}>
                  <td>
                    {p.status ? (
                      <span className={`badge tone-${STATUS_TONES[p.status] ?? 'muted'}`} data-plan-status={p.status}>
                        <span className="dot" aria-hidden />
                        {p.active && p.status === 'active' ? 'Active' : p.status[0]!.toUpperCase() + p.status.slice(1)}
                      </span>
                    ) : (
                      <span className="muted small">plan file</span>
                    )}
                  </td>
                  <td className="title-cell" title={p.name}>
                    <strong>{p.name}</strong>
                  </td>
                  <td className="team-who-cell">
                    <strong>{p.person}</strong>
                    <span className="muted"> on {p.machine}</span>
                  </td>
                  <td className="muted ellipsis card-hide" title={p.projectDir}>
                    {baseName(p.projectDir)}
                  </td>
                  <td className="card-wide">{p.progress ? <PlanProgressBar progress={p.progress} label={`${p.name} progress`} compact /> : <span className="muted small">plan file not read</span>}</td>
                  <td className="num card-hide">{p.sessions}</td>
                  <td className="num muted card-end">{p.updated ? <RelativeTime ms={p.updated} /> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </>
  );
}
