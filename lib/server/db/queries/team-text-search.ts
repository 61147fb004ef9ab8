import 'server-only';
import { sql } from 'kysely';
import { makeSnippet, markWords } from '@/lib/search/make-snippet';
import { parseSearchQuery } from '@/lib/search/search-query';
import { matchesSource, SOURCE_KINDS } from '@/lib/model/source';
import { PUBLISHED_TEXT_KINDS, type PublishedTextKind } from '@/lib/team/published-text';
import type { TeamSessionsQuery, TeamTextHit, TeamTextResults } from '@/lib/team/team-query';
import { queryBuilder } from '../builders';
import type { QueryPlan } from '../query-plan';

/** Matching passages counted at most (a count past it says "more than"). */
const COUNT_CAP = 1_000;

/**
 * The published text holding the words, with its machine's filters: PostgreSQL's full-text search
 * over the `words` column of migration 0008 (`to_tsvector('english', text)`, generated) and its GIN
 * index. `websearch_to_tsquery` reads what people type ("a phrase", -word, or) and never fails on
 * it; English stemming finds "rejected" for "rejects", as this machine's search does.
 */
function matching(f: Pick<TeamSessionsQuery, 'machine' | 'person' | 'source'>, q: string) {
  let query = queryBuilder('postgres')
    .selectFrom('part_text as t')
    .innerJoin('source as src', 'src.id', 't.source_id')
    .innerJoin('session as s', (join) => join.onRef('s.source_id', '=', 't.source_id').onRef('s.id', '=', 't.session_id'))
    .where(sql<boolean>`t.words @@ websearch_to_tsquery('english', ${q})`);
  if (f.machine !== undefined) query = query.where('src.machine', '=', f.machine);
  if (f.person !== undefined) query = query.where('src.person', '=', f.person);
  if (f.source !== undefined) query = query.where('s.kind', 'in', SOURCE_KINDS.filter((k) => matchesSource(k, f.source!)));
  return query;
}

/** The machines whose text the team database holds (`--publish-text`), by name: a look at each source's first text row. */
export function* textPublishersPlan(): QueryPlan<string[]> {
  const rows = yield queryBuilder('postgres')
    .selectFrom('source as src')
    .select('src.machine')
    .distinct()
    .where(({ exists, selectFrom }) => exists(selectFrom('part_text as t').select('t.source_id').whereRef('t.source_id', '=', 'src.id')))
    .orderBy('src.machine')
    .compile();
  return rows.map((r) => String(r.machine));
}

/**
 * `GET /api/search?scope=team`'s passages: the newest published text holding the words, each with
 * its session, machine and person and a snippet marked as this machine's search marks them; and the
 * machines that publish text at all (none: the text stays on each machine).
 */
export function* teamTextSearchPlan(f: Pick<TeamSessionsQuery, 'machine' | 'person' | 'source' | 'limit'> & { q: string }): QueryPlan<TeamTextResults> {
  const k = queryBuilder('postgres');
  const publishedBy = yield* textPublishersPlan();
  if (publishedBy.length === 0 || f.q.trim() === '') return { publishedBy, hits: [], total: 0, totalCapped: false };
  const rows = yield matching(f, f.q)
    .select(['t.session_id', 't.message_id', 't.part_id', 't.kind', 't.time', 't.text', 't.cut', 's.title', 's.kind as source', 'src.machine', 'src.person'])
    .orderBy('t.time', 'desc')
    .orderBy('t.source_id')
    .orderBy('t.session_id')
    .orderBy('t.message_id')
    .orderBy('t.part_id')
    .orderBy('t.kind')
    .limit(f.limit)
    .compile();
  const counted = Number((yield k.selectFrom(matching(f, f.q).select(sql<number>`1`.as('one')).limit(COUNT_CAP + 1).as('m')).select((eb) => eb.fn.countAll().as('n')).compile())[0]?.n ?? 0);
  const words = markWords(parseSearchQuery(f.q).marks);
  const hits = rows.map(
    (r): TeamTextHit => ({
      machine: String(r.machine),
      person: String(r.person),
      source: String(r.source),
      sessionID: String(r.session_id),
      sessionTitle: String(r.title),
      messageID: String(r.message_id),
      ...(r.part_id ? { partID: String(r.part_id) } : {}),
      kind: (PUBLISHED_TEXT_KINDS as readonly string[]).includes(String(r.kind)) ? (String(r.kind) as PublishedTextKind) : 'reply',
      time: Number(r.time),
      snippet: makeSnippet(String(r.text), words),
      cut: Number(r.cut) === 1,
    }),
  );
  return { publishedBy, hits, total: Math.min(counted, COUNT_CAP), totalCapped: counted > COUNT_CAP };
}
