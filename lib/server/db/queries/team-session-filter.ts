import 'server-only';
import { sql } from 'kysely';
import { matchesSource, SOURCE_KINDS } from '@/lib/model/source';
import { isLive, SESSION_STATUSES } from '@/lib/status/session-status';
import type { TeamGrouping, TeamSessionsQuery } from '@/lib/team/team-query';
import { searchWords } from '@/lib/team/team-search';
import { queryBuilder } from '../builders';

/** The team's sessions that a `/api/sessions?scope=team` query asks for, joined to their machine and person. */
export function teamSessionsMatching(f: TeamSessionsQuery) {
  let q = queryBuilder('postgres')
    .selectFrom('session as s')
    .innerJoin('source as src', 'src.id', 's.source_id')
    .leftJoin('session_status as st', (join) => join.onRef('st.source_id', '=', 's.source_id').onRef('st.session_id', '=', 's.id'));
  if (f.machine !== undefined) q = q.where('src.machine', '=', f.machine);
  if (f.person !== undefined) q = q.where('src.person', '=', f.person);
  // A family ("opencode") is both of its stores.
  if (f.source !== undefined) q = q.where('s.kind', 'in', SOURCE_KINDS.filter((k) => matchesSource(k, f.source!)));
  if (f.roots) q = q.where('s.parent_id', 'is', null);
  if (f.status !== undefined) q = q.where('st.status', '=', f.status);
  if (f.live) q = q.where('st.status', 'in', SESSION_STATUSES.filter(isLive));
  if (f.activeSince !== undefined) q = q.where('s.updated', '>=', f.activeSince);
  if (f.q) q = q.where(sql<boolean>`strpos(lower(s.title), ${f.q.toLowerCase()}) > 0`);
  for (const word of searchWords(f.text)) q = q.where(holdsWord(word));
  return q;
}

/** The word in the session's title or folder, or in a model, provider or agent of its usage rows. */
function holdsWord(word: string) {
  return sql<boolean>`(strpos(lower(s.title), ${word}) > 0 or strpos(lower(s.directory), ${word}) > 0 or exists (select 1 from usage_rollup u where u.source_id = s.source_id and u.session_id = s.id and (strpos(lower(coalesce(u.model_id, '')), ${word}) > 0 or strpos(lower(coalesce(u.provider_id, '')), ${word}) > 0 or strpos(lower(coalesce(u.agent, '')), ${word}) > 0)))`;
}

export const groupColumn = (group: TeamGrouping) => (group === 'person' ? 'src.person' : 'src.machine') as 'src.person' | 'src.machine';

/** Where the next page starts: after this session in (group, newest activity, source, id) order. */
export interface TeamSessionCursor {
  updated: number;
  sourceId: number;
  id: string;
  /** The person or machine the last row was under, when the list is grouped. */
  group?: string;
}

export function decodeTeamCursor(text: string | undefined): TeamSessionCursor | undefined {
  if (!text) return undefined;
  try {
    const v = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(v) && typeof v[0] === 'number' && typeof v[1] === 'number' && typeof v[2] === 'string' && (v[3] === undefined || typeof v[3] === 'string')) {
      return { updated: v[0], sourceId: v[1], id: v[2], ...(typeof v[3] === 'string' ? { group: v[3] } : {}) };
    }
  } catch {
    // A cursor that is not ours starts at the top.
  }
  return undefined;
}

export const encodeTeamCursor = (c: TeamSessionCursor) => Buffer.from(JSON.stringify(c.group === undefined ? [c.updated, c.sourceId, c.id] : [c.updated, c.sourceId, c.id, c.group])).toString('base64url');

/** The rows after `after`: groups in name order, each newest first (a row comparison cannot mix directions, hence the OR). */
export function afterCursor(group: TeamGrouping | undefined, after: TeamSessionCursor) {
  const newer = sql<boolean>`(s.updated, s.source_id, s.id) < (${after.updated}, ${after.sourceId}, ${after.id})`;
  if (!group || after.group === undefined) return newer;
  const g = sql.ref(groupColumn(group));
  return sql<boolean>`(${g} > ${after.group} or (${g} = ${after.group} and ${newer}))`;
}
