import 'server-only';
import type { PlanView } from '@/lib/plans/plan-work';
import type { PublishedText } from '@/lib/team/published-text';
import { queryBuilder } from '../builders';
import { migratePostgres } from '../postgres/migrate-postgres';
import type { PostgresSessionDb } from '../postgres/postgres-session-db';
import type { SqliteSessionDb } from '../sqlite/sqlite-session-db';
import { ownedSessions } from '../queries/owned-sessions';
import { localProjects, localSessions, sessionDigests } from './local-rows';
import { planRows } from './plan-rows';
import { deleteTexts, publishedDigests, publishedIds, publishedStatuses, writePlans, writeProjects, writeSessions, writeStatuses } from './publish-batch';
import { withRetry } from './retry';
import { teamSourceId } from './team-source';

export interface PublishOptions {
  /** This machine's session database (kept current by the store) and the sources to publish from it. */
  local: SqliteSessionDb;
  sourceIds: readonly number[];
  team: PostgresSessionDb;
  machine: string;
  person: string;
  /**
   * Only these sessions are compared (those that changed since the last publish; any source): the
   * others are taken as published. Absent: every session of every source, and what went.
   */
  sessions?: ReadonlySet<string>;
  /**
   * Each session's status as this machine's dashboard infers it (by session id), kept current in
   * the team database; absent (a command that read nothing): the statuses published stand.
   */
  statuses?: ReadonlyMap<string, string>;
  /** This machine's plans (as the dashboard follows them), kept current in the team database; absent: those published stand. */
  plans?: readonly PlanView[];
  /**
   * `--publish-text`: reads the text of some sessions (prompts, replies, reasoning, tool input and
   * output, errors), published with them. Absent: no text is published, and any a previous publish
   * of this machine left is removed.
   */
  text?(sessionIDs: readonly string[]): Promise<PublishedText[]>;
  /** Sessions per transaction (default 200). */
  batchSessions?: number;
  /** How long to retry while the team database is unreachable, in ms (default: a minute). */
  retryFor?: number;
  onRetry?(error: unknown, waitMs: number): void;
  /** After each transaction, with the sessions written or removed so far and in all. */
  onProgress?(done: number, total: number): void | Promise<void>;
}

export interface PublishSummary {
  sources: number;
  /** Sessions written (new or changed since the last publish) and removed (gone from this machine). */
  written: number;
  removed: number;
  unchanged: number;
  messages: number;
  /** Text rows written (`--publish-text`), or removed (published before, without the flag now). */
  texts: number;
  textsRemoved: number;
  /** Sessions whose published status changed. */
  statuses: number;
  /** Plans written or removed. */
  plans: number;
  retries: number;
}

interface SourcePlan {
  localId: number;
  teamId: number;
  write: string[];
  gone: string[];
  /** The sessions compared (this machine's, of this source). */
  compared: string[];
}

/**
 * Publishes this machine's sessions into a team's database: only the sessions whose rows differ
 * from what the team database holds (each session carries the digest of what was written) are
 * written again, and those this machine no longer has are removed. Each transaction leaves whole
 * sessions, so a publish that stops anywhere carries on from there the next time and never counts
 * anything twice.
 */
export async function publish(options: PublishOptions): Promise<PublishSummary> {
  const { local, team } = options;
  const summary: PublishSummary = { sources: 0, written: 0, removed: 0, unchanged: 0, messages: 0, texts: 0, textsRemoved: 0, statuses: 0, plans: 0, retries: 0 };
  const retry = <T>(task: () => Promise<T>) =>
    withRetry(task, {
      retryFor: options.retryFor ?? 60_000,
      onRetry: (error, waitMs) => {
        summary.retries++;
        options.onRetry?.(error, waitMs);
      },
    });
  await retry(() => migratePostgres(team));
  const k = queryBuilder('sqlite');
  const sources = local.all(k.selectFrom('source').select(['id', 'kind', 'path', 'priority']).where('id', 'in', options.sourceIds.length > 0 ? [...options.sourceIds] : [-1]).orderBy('id').compile());
  // Only the sessions this machine shows (where its OpenCode database and JSON tree hold the same
  // id, the database's): the team database then holds each once, and its queries need no
  // ownership rule of their own (see usage-rows.ts). A copy that comes to be shown is written then.
  const owned = new Set(local.all<{ source_id: number; id: string }>(ownedSessions('sqlite', options.sourceIds).compile()).map((r) => `${r.source_id}\u0000${r.id}`));
  // A session's digest says whether its text went with it: turning --publish-text on or off writes each session once more.
  const readText = options.text;
  const marked = (digest: string) => (readText ? `${digest}+text` : digest);
  const plans: SourcePlan[] = [];
  for (const source of sources) {
    const teamId = await retry(() => teamSourceId(team, { machine: options.machine, person: options.person, kind: source.kind, path: source.path, priority: source.priority }));
    await retry(() => writeProjects(team, teamId, localProjects(local, source.id).map((p) => ({ source_id: teamId, ...p }))));
    const only = options.sessions ? [...options.sessions] : undefined;
    const published = await retry(() => publishedDigests(team, teamId, only));
    const digests = sessionDigests(local, source.id, (id) => owned.has(`${source.id}\u0000${id}`), only);
    const write = [...digests].filter(([id, digest]) => published.get(id) !== marked(digest)).map(([id]) => id);
    if (!readText) summary.textsRemoved += await retry(() => deleteTexts(team, teamId));
    // Given only the sessions that changed, a session gone that no change named is still found: the
    // team's ids of this source against this machine's (ids only, no hashing), on every publish.
    const gone = only ? [...(await retry(() => publishedIds(team, teamId)))].filter((id) => !owned.has(`${source.id}\u0000${id}`)) : [...published.keys()].filter((id) => !digests.has(id));
    summary.unchanged += digests.size - write.length;
    plans.push({ localId: source.id, teamId, write, gone, compared: [...digests.keys()] });
  }
  summary.sources = plans.length;
  const total = plans.reduce((n, p) => n + p.write.length + p.gone.length, 0);
  const size = Math.max(1, options.batchSessions ?? 200);
  let done = 0;
  for (const plan of plans) {
    for (let i = 0; i < Math.max(plan.write.length, plan.gone.length); i += size) {
      const ids = plan.write.slice(i, i + size);
      let gone = plan.gone.slice(i, i + size);
      const rows = await retry(async () => {
        // Read in the attempt: a retry writes what the cache holds by then. A session gone meanwhile is removed.
        const found = localSessions(local, plan.localId, ids);
        const present = new Set(found.sessions.map((s) => String(s.id)));
        gone = [...new Set([...gone, ...ids.filter((id) => !present.has(id))])];
        for (const session of found.sessions) session.digest = marked(session.digest);
        const texts = readText ? await readText([...present]) : [];
        await writeSessions(team, plan.teamId, found, gone, texts);
        summary.texts += texts.length;
        return found;
      });
      summary.written += rows.sessions.length;
      summary.removed += gone.length;
      summary.messages += rows.messages.length;
      done += ids.length + plan.gone.slice(i, i + size).length;
      await options.onProgress?.(done, total);
    }
  }
  const statuses = options.statuses;
  if (statuses) {
    for (const plan of plans) {
      const held = await retry(() => publishedStatuses(team, plan.teamId, plan.compared));
      const changed = new Map(plan.compared.filter((id) => statuses.get(id) !== held.get(id)).map((id) => [id, statuses.get(id)]));
      await retry(() => writeStatuses(team, plan.teamId, changed));
      summary.statuses += changed.size;
    }
  }
  const machinePlans = options.plans;
  if (machinePlans) summary.plans = await retry(() => writePlans(team, options.machine, planRows(options.machine, options.person, machinePlans)));
  return summary;
}
