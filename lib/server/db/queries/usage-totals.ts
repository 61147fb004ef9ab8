import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import type { UsageDimension } from '@/lib/accounting/usage-rows';
import { queryBuilder, type Engine } from '../builders';
import { USAGE_SUMS } from '../usage-expressions';
import { hiddenSessions } from './owned-sessions';
import type { UsageFilters } from './usage-rows';

/**
 * Whether usage_total can answer a usage question: no time, no session and no subtree (its rows
 * are summed above both), the agent the only dimension. The first figures a page asks for (totals
 * by model, provider, agent) are of this kind.
 */
export function totalsAnswer(dimensions: ReadonlySet<UsageDimension>, f: UsageFilters): boolean {
  return [...dimensions].every((d) => d === 'agent') && f.from === undefined && f.to === undefined && f.sessionIDs === undefined && f.excludeArchived !== true;
}

/**
 * The rows usageRowsQuery would give for such a question (see totalsAnswer), from the totals: each
 * source's totals, less the usage rows of the sessions another source outranks (an id held twice:
 * rare, so this part is small), summed by what pricing and the grouping need. `rep`, the session a
 * row is priced as, is the first visible session of the row's kind, project and folder (every one
 * of them has the same prices).
 */
export function usageTotalsQuery(engine: Engine, sourceIds: readonly number[], dimensions: ReadonlySet<UsageDimension>, f: UsageFilters) {
  const ids = sql.join(sourceIds.length > 0 ? [...sourceIds] : [-1]);
  const agent = dimensions.has('agent');
  const groups = [...(agent ? ['agent'] : []), 'provider_id', 'model_id', 'kind', 'project_id', 'directory', 'long_context'];
  const where = (prefix: string): RawBuilder<unknown> => {
    const c = (column: string) => sql.ref(`${prefix}.${column}`);
    const terms: RawBuilder<unknown>[] = [sql`${c('source_id')} in (${ids})`, sql`${c('kind')} is not null`];
    if (f.project !== undefined) terms.push(sql`${c('project_id')} = ${f.project}`);
    if (f.kinds) terms.push(sql`${c('kind')} in (${sql.join(f.kinds.length > 0 ? [...f.kinds] : [''])})`);
    if (f.providerID !== undefined) terms.push(sql`${c('provider_id')} = ${f.providerID}`);
    if (f.modelID !== undefined) terms.push(sql`${c('model_id')} = ${f.modelID}`);
    if (f.agents) {
      const named = f.agents.filter((a): a is string => a !== null);
      const either = [...(named.length > 0 ? [sql`${c('agent')} in (${sql.join(named)})`] : []), ...(f.agents.includes(null) ? [sql`${c('agent')} is null`] : [])];
      terms.push(either.length > 0 ? sql`(${sql.join(either, sql` or `)})` : sql`1 = 0`);
    }
    return sql.join(terms, sql` and `);
  };
  const columns = (prefix: string) => sql.join(groups.map((g) => sql.ref(`${prefix}.${g}`)));
  const sums = (prefix: string, sign: '' | '-') => sql.join(USAGE_SUMS.map((s) => sql`${sql.raw(sign)}${sql.ref(`${prefix}.${s}`)} as ${sql.ref(s)}`));
  const summed = sql.join(USAGE_SUMS.map((s) => sql`sum(${sql.ref(`r.${s}`)}) as ${sql.ref(s)}`));
  const query = sql`with hidden as materialized ${hiddenSessions(engine, sourceIds)},
    signed as (
      select ${columns('t')}, ${sums('t', '')} from usage_total t where ${where('t')}
      union all
      select ${columns('u')}, ${sums('u', '-')} from usage_rollup u join hidden h on h.source_id = u.source_id and h.id = u.session_id where ${where('u')}
    ),
    grouped as (select ${columns('r')}, ${summed} from signed r group by ${columns('r')} having sum(r.messages) <> 0)
    select null as owner, null as quarter, ${agent ? sql`g.agent` : sql`null`} as agent, null as session_id, g.provider_id, g.model_id, g.kind, g.project_id, g.directory, g.long_context,
      coalesce((select min(s.id) from session s where s.source_id in (${ids}) and s.kind = g.kind and s.project_id = g.project_id and s.directory = g.directory
        and not exists (select 1 from hidden h where h.source_id = s.source_id and h.id = s.id)), '') as rep,
      ${sql.join(USAGE_SUMS.map((s) => sql.ref(`g.${s}`)))}
    from grouped g`;
  return query.compile(queryBuilder(engine));
}

/**
 * A team's usage without time from its totals (usageRowsQuery's rows for `publishedOwned` without
 * kind or project kept apart): each machine published only the sessions it shows, so nothing is
 * taken out; `owner` groups by the source's machine or person. Team prices are models.dev's, the
 * same for every session: the rows need no session to be priced as (`rep` '').
 */
export function teamTotalsQuery(sourceIds: readonly number[], owner: 'machine' | 'person' | undefined, f: Pick<UsageFilters, 'project' | 'kinds'>) {
  const ids = sql.join(sourceIds.length > 0 ? [...sourceIds] : [-1]);
  const terms: RawBuilder<unknown>[] = [sql`t.source_id in (${ids})`, sql`t.kind is not null`];
  if (f.project !== undefined) terms.push(sql`t.project_id = ${f.project}`);
  if (f.kinds) terms.push(sql`t.kind in (${sql.join(f.kinds.length > 0 ? [...f.kinds] : [''])})`);
  const ownerColumn = owner ? sql.ref(`src.${owner}`) : undefined;
  const summed = sql.join(USAGE_SUMS.map((s) => sql`sum(${sql.ref(`t.${s}`)}) as ${sql.ref(s)}`));
  return sql`select ${ownerColumn ?? sql`null`} as owner, null as quarter, null as agent, null as session_id, t.provider_id, t.model_id, '' as kind, '' as project_id, '' as directory, t.long_context, '' as rep, ${summed}
    from usage_total t ${owner ? sql`join source src on src.id = t.source_id` : sql``}
    where ${sql.join(terms, sql` and `)}
    group by ${ownerColumn ? sql`${ownerColumn}, ` : sql``}t.provider_id, t.model_id, t.long_context`.compile(queryBuilder('postgres'));
}
