import 'server-only';
import { sharedPrices } from '@/lib/pricing/lookup-price';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import { TEAM_GROUPINGS, type TeamSearchPage, teamPlansQuerySchema, teamSearchQuerySchema, teamSessionsQuerySchema, teamToolsQuerySchema, teamStatsExtrasSchema, type TeamGrouping } from '@/lib/team/team-query';
import { teamFacetsPlan } from '../db/queries/team-facets';
import { teamPlansPlan } from '../db/queries/team-plans';
import { teamSessionsPlan } from '../db/queries/team-sessions';
import { teamToolsPlan } from '../db/queries/team-tools';
import { teamStatsPlan } from '../db/queries/team-stats';
import { teamTextSearchPlan } from '../db/queries/team-text-search';
import { json, jsonError, parseQuery } from '../http/responses';
import { getTeamDb } from './team-db';

/** Whether a request asks for the team's view (`?scope=team`). */
export { wantsTeam } from '../http/team-scope';

async function fromTeam(answer: (team: NonNullable<ReturnType<typeof getTeamDb>>) => Promise<unknown>): Promise<Response> {
  const team = getTeamDb();
  if (!team) return jsonError(404, 'no team database: start Sessionscope with --team-db postgres://...');
  try {
    return json(await answer(team));
  } catch (error) {
    console.error(`[sessionscope] team database ${team.config.where}: ${(error as Error).message}`);
    return jsonError(503, `the team database ${team.config.where} did not answer; this machine's view still works`);
  }
}

/** `GET /api/stats?scope=team`. Computed cost uses models.dev prices (a machine's own price config stays on it). */
export function teamStatsResponse(request: Request): Promise<Response> | Response {
  const extras = parseQuery(request, teamStatsExtrasSchema);
  if (!extras.ok) return extras.response;
  const teamGroupBy = (TEAM_GROUPINGS as readonly string[]).includes(extras.value.groupBy) ? (extras.value.groupBy as TeamGrouping) : undefined;
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const stats = statsQuerySchema.safeParse({ ...params, groupBy: teamGroupBy ? 'model' : params.groupBy });
  if (!stats.success) return jsonError(400, 'invalid query parameters', stats.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  const { machine, person } = extras.value;
  return fromTeam(({ db }) => db.answer(teamStatsPlan({ stats: stats.data, teamGroupBy, machine, person }, sharedPrices())));
}

/** `GET /api/sessions?scope=team`. */
export function teamSessionsResponse(request: Request): Promise<Response> | Response {
  const query = parseQuery(request, teamSessionsQuerySchema);
  if (!query.ok) return query.response;
  return fromTeam(({ db }) => db.answer(teamSessionsPlan(query.value)));
}

/** `GET /api/team/facets`. */
export function teamFacetsResponse(): Promise<Response> {
  return fromTeam(({ db }) => db.answer(teamFacetsPlan()));
}

/**
 * `GET /api/search?scope=team`: the sessions whose title, folder, models or agents hold the words,
 * and (on the first page) the passages of published text (`--publish-text`) that do.
 */
export function teamSearchResponse(request: Request): Promise<Response> | Response {
  const query = parseQuery(request, teamSearchQuerySchema);
  if (!query.ok) return query.response;
  const f = query.value;
  return fromTeam(async ({ db }): Promise<TeamSearchPage> => {
    // A team database no publisher of this build migrated yet has no text table: its sessions are still found.
    const textSearch = f.cursor ? undefined : db.answer(teamTextSearchPlan({ ...f, q: f.text ?? '' })).catch((error: unknown) => void console.error(`[sessionscope] team text search: ${(error as Error).message}`));
    const [sessions, text] = await Promise.all([db.answer(teamSessionsPlan(f)), textSearch]);
    return { ...sessions, ...(text ? { text } : {}) };
  });
}

/** `GET /api/team/tools`. */
export function teamToolsResponse(request: Request): Promise<Response> | Response {
  const query = parseQuery(request, teamToolsQuerySchema);
  if (!query.ok) return query.response;
  return fromTeam(({ db }) => db.answer(teamToolsPlan(query.value)));
}

/** `GET /api/plans?scope=team`: every machine's plans with their progress. */
export function teamPlansResponse(request: Request): Promise<Response> | Response {
  const query = parseQuery(request, teamPlansQuerySchema);
  if (!query.ok) return query.response;
  return fromTeam(({ db }) => db.answer(teamPlansPlan(query.value)));
}
