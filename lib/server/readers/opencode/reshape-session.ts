import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import type { SourceKind } from '@/lib/model/source';
import { rawProjectSchema, rawSessionSchema } from './raw-schemas';
import { parseFailure, type Reshaped } from './reshaped';

export function reshapeSession(value: unknown, source: SourceKind, origin: string): Reshaped<SessionInfo> {
  const parsed = rawSessionSchema.safeParse(value);
  if (!parsed.success) return parseFailure(parsed.error);
  const raw = parsed.data;
  const session: SessionInfo = {
    id: raw.id,
    source,
    projectID: raw.projectID,
    directory: raw.directory,
    title: raw.title,
    time: {
      created: raw.time.created,
      updated: raw.time.updated ?? raw.time.created,
      compacting: raw.time.compacting ?? undefined,
      archived: raw.time.archived ?? undefined,
    },
    origin,
  };
  if (raw.parentID) session.parentID = raw.parentID;
  if (raw.slug) session.slug = raw.slug;
  if (raw.version !== null && raw.version !== undefined) session.version = String(raw.version);
  if (raw.summary) session.summary = raw.summary;
  if (raw.share?.url) session.shareUrl = raw.share.url;
  if (raw.revert !== undefined && raw.revert !== null) session.revert = raw.revert;
  return { ok: true, value: session };
}

export function reshapeProject(value: unknown, source: SourceKind): Reshaped<Project> {
  const parsed = rawProjectSchema.safeParse(value);
  if (!parsed.success) return parseFailure(parsed.error);
  const raw = parsed.data;
  return {
    ok: true,
    value: {
      id: raw.id,
      worktree: raw.worktree,
      name: raw.name ?? undefined,
      vcs: raw.vcs ?? undefined,
      source,
      timeCreated: raw.time?.created ?? undefined,
      timeUpdated: raw.time?.updated ?? undefined,
    },
  };
}
