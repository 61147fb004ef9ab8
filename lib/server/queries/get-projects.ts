import 'server-only';
import type { Project } from '@/lib/model/project';
import type { Store } from '../store/store';

export interface ProjectSummary extends Project {
  sessionCount: number;
  rootSessionCount: number;
  cost: number;
  lastActivity?: number;
}

/** Projects with session counts and cost; sessions naming an unknown project still get one. */
export function getProjects(store: Store): ProjectSummary[] {
  const known = new Map(store.projects().map((p) => [p.id, p]));
  const out = new Map<string, ProjectSummary>();
  for (const s of store.summaryMap().values()) {
    let entry = out.get(s.projectID);
    if (!entry) {
      const project = known.get(s.projectID) ?? { id: s.projectID, worktree: s.directory, source: s.source };
      out.set(s.projectID, (entry = { ...project, sessionCount: 0, rootSessionCount: 0, cost: 0 }));
    }
    entry.sessionCount++;
    if (!s.parentID) entry.rootSessionCount++;
    entry.cost += s.cost;
    if (entry.lastActivity === undefined || s.lastActivity > entry.lastActivity) entry.lastActivity = s.lastActivity;
  }
  for (const project of known.values()) if (!out.has(project.id)) out.set(project.id, { ...project, sessionCount: 0, rootSessionCount: 0, cost: 0 });
  return [...out.values()].sort((a, b) => (b.lastActivity ?? 0) - (a.lastActivity ?? 0));
}
