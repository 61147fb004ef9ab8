'use client';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { fetchJson } from '@/lib/client/fetch-json';
import { SOURCE_FAMILIES, sourceFamilyOf } from '@/lib/model/source';
import { queryKeys } from '@/lib/live/query-keys';
import type { ProjectSummary, SessionsResponse } from '@/lib/view/api-types';
import { facetValues } from '@/lib/view/facets';
import { distinctPathLabels, projectLabel } from '@/lib/format/distinct-path-labels';

// Suggestions only: the newest 500 sessions name the models and agents in use.
const RECENT = 'sort=lastActivity&order=desc&limit=500';

export interface ProjectOption {
  id: string;
  label: string;
}

/** Projects, models, agents and sources to offer in the filters. */
export function useFilterOptions() {
  const projects = useQuery({ queryKey: queryKeys.projects(), queryFn: () => fetchJson<{ projects: ProjectSummary[] }>('/api/projects') });
  const recent = useQuery({ queryKey: queryKeys.sessions(RECENT), queryFn: () => fetchJson<SessionsResponse>(`/api/sessions?${RECENT}`) });
  return useMemo(() => {
    const used = (projects.data?.projects ?? []).filter((p) => p.sessionCount > 0);
    // Two projects in folders of the same name read apart by as much of their paths as differs.
    const folders = distinctPathLabels(used.map((p) => p.worktree));
    const projectOptions: ProjectOption[] = used.map((p) => ({ id: p.id, label: p.worktree === '/' && !p.name ? 'global' : projectLabel(p, folders) }));
    const facets = facetValues(recent.data?.sessions ?? []);
    // Projects name sources that older sessions came from, beyond the newest 500.
    const present = new Set([...facets.sources, ...(projects.data?.projects ?? []).filter((p) => p.sessionCount > 0).map((p) => sourceFamilyOf(p.source))]);
    return { projects: projectOptions, models: facets.models, agents: facets.agents, sources: SOURCE_FAMILIES.filter((f) => present.has(f)) };
  }, [projects.data, recent.data]);
}
