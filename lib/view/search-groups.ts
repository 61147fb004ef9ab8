import type { SearchHit } from '@/lib/search/search-types';

export interface SearchHitGroup {
  sessionID: string;
  /** The group's first hit (its session's title, source, time). */
  first: SearchHit;
  hits: SearchHit[];
}

const normal = (text: string) => text.replace(/[…\s]+/g, ' ').trim().toLowerCase();

/**
 * Hits grouped by session, in the order their sessions first appear. A hit whose passage reads as
 * one already shown for its session goes (a title taken from the first prompt matched twice: the
 * title and the prompt); the one kept is the one that points into the session (the prompt). A
 * title hit stays only where it is the session's one hit: the group's head shows the title.
 */
export function groupSearchHits(hits: readonly SearchHit[]): SearchHitGroup[] {
  const groups = new Map<string, SearchHitGroup>();
  for (const hit of hits) {
    let group = groups.get(hit.sessionID);
    if (!group) groups.set(hit.sessionID, (group = { sessionID: hit.sessionID, first: hit, hits: [] }));
    const text = normal(hit.snippet.text);
    const same = group.hits.findIndex((h) => normal(h.snippet.text) === text);
    if (same < 0) group.hits.push(hit);
    else if (group.hits[same]!.kind === 'title' && hit.kind !== 'title') group.hits[same] = hit;
  }
  // The group's head is the session's title: a title hit beside other hits only says it again.
  for (const group of groups.values()) if (group.hits.length > 1) group.hits = group.hits.filter((h) => h.kind !== 'title');
  return [...groups.values()];
}
