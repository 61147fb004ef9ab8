import 'server-only';
import type { PriceResolver } from '@/lib/pricing/price-types';
import { rollUpAll } from '@/lib/sessions/roll-up';
import { figuresOfTally, sessionFigures, type SessionFigures } from '@/lib/sessions/session-figures';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { inferStatus } from '@/lib/status/infer-status';
import { applyLiveStatus, withChildApproval } from '@/lib/status/live-status';
import type { StatusResult } from '@/lib/status/session-status';
import { spendOf } from '@/lib/sessions/spend';
import type { PartMeta } from '@/lib/model/part-meta';
import type { LiveOverlay } from './live-overlay';
import type { MergedView } from './merged-view';
import type { SourceIndex } from './source-index';
import { maxOf } from '@/lib/arrays/append-all';

/** Per-session figures, cached until the session changes (or the prices do: `clear`), or the store keeps only the ageing ones (`keepOnly`). */
export class FiguresCache {
  private readonly cache = new Map<string, SessionFigures>();
  constructor(
    private readonly view: MergedView,
    private readonly prices: () => PriceResolver,
  ) {}
  get(id: string): SessionFigures {
    let figures = this.cache.get(id);
    if (!figures) {
      const options = { prices: this.prices(), partsOf: (messageID: string) => this.view.partsOf(id, messageID) };
      // Summed by the session database as `primeAll` sums every session: a session rebuilt after a change has a fresh start's figures.
      const tally = this.view.ownerOf(id)?.messages.tallyOf(id, options.prices);
      this.cache.set(id, (figures = tally ? figuresOfTally(tally, options) : sessionFigures([], options)));
    }
    return figures;
  }
  /**
   * Every session's figures at once, each source's summed by the session database (building every
   * summary reads no message: a few queries per source, not one per session).
   */
  primeAll(indexes: readonly SourceIndex[]): void {
    const prices = this.prices();
    for (const index of indexes) {
      const tallies = index.messages.tallies(prices);
      // The newest message's and the newest prompt's parts (status, context use), read ahead in bulk: released by the caller (SourceIndex.unprimeParts).
      index.primeParts([...new Set([...tallies.values()].flatMap((t) => [t.last?.id, t.lastPrompt?.id].filter((id): id is string => id !== undefined)))]);
      for (const [id, tally] of tallies) {
        if (this.cache.has(id) || this.view.ownerOf(id) !== index) continue;
        this.cache.set(id, figuresOfTally(tally, { prices, partsOf: (messageID) => this.view.partsOf(id, messageID) }));
      }
    }
  }
  invalidate(ids: Iterable<string>): void {
    for (const id of ids) this.cache.delete(id);
  }
  /**
   * Forgets every session's figures but those `keep` names. Summaries hold what a page shows; the
   * figures behind them (each session's newest message among them: ~1.2 KB a session) are needed
   * again only when the session changes, and then they are summed anew by the session database.
   */
  keepOnly(keep: ReadonlySet<string>): void {
    for (const id of this.cache.keys()) if (!keep.has(id)) this.cache.delete(id);
  }
  clear(): void {
    this.cache.clear();
  }
}

/** What a build of some sessions' summaries reads beside the sources. */
export interface SummaryInputs {
  /** Untitled sessions' first prompts (see first-prompts.ts). */
  firstPrompts?: ReadonlyMap<string, string>;
  /** What OpenCode's servers say beside the disk. */
  live?: LiveOverlay;
  /** A session's summary as last written (its status is an unchanged child's in a parent's status). */
  stored?: (id: string) => SessionSummary | undefined;
}

/**
 * Builds session summaries: own figures, roll-ups over descendants, inferred status. With `only`,
 * just those sessions are built (the callers pass a changed session with its ancestors), the
 * statuses of their other children taken as they were stored; without, every session. Returns the
 * summaries built: a session in `only` that no source holds any more has none.
 */
export function buildSummaries(view: MergedView, figures: FiguresCache, now: number, only?: ReadonlySet<string>, inputs: SummaryInputs = {}): Map<string, SessionSummary> {
  const { firstPrompts, live } = inputs;
  const stale = only ?? new Set(view.ids());
  const reusable = (id: string): SessionSummary | undefined => (stale.has(id) ? undefined : inputs.stored?.(id));
  const ids = [...stale];
  // An unchanged child's subtree is summed again from its sessions' figures (one query each).
  const totals = rollUpAll(ids, (id) => figures.get(id), (id) => view.childrenOf(id), { cache: new Map(), stale });
  const statuses = new Map<string, StatusResult>();
  const statusOf = (id: string, depth = 0): StatusResult => {
    const cached = statuses.get(id) ?? reusable(id)?.status;
    if (cached) return cached;
    const session = view.session(id);
    const own = figures.get(id);
    const children = depth > 64 ? [] : view.childrenOf(id);
    const childStatuses = children.map((child) => statusOf(child, depth + 1));
    const last = own.last;
    const lastParts = last ? view.partsOf(id, last.id) : [];
    // Only the records' own times: a read of the source (a database log that changed because
    // OpenCode started elsewhere, a re-read) is not a write to this session.
    const lastWrite = Math.max(totals.get(id)?.lastActivity ?? 0, session?.time.updated ?? 0, maxOf(lastParts.map(partWrite), 0), maxOf(childStatuses.map((s) => s.lastWrite), 0));
    const disk = inferStatus({
      last,
      lastParts,
      lastWrite,
      childStatuses: childStatuses.map((s) => s.status),
      isSubagent: Boolean(session?.parentID),
      archived: session?.time.archived !== undefined,
      ended: session?.time.ended !== undefined && (!last || session.time.ended >= last.time.created),
      now,
    });
    const status = withChildApproval(applyLiveStatus(disk, live?.sessionState(id)), childStatuses);
    statuses.set(id, status);
    return status;
  };
  const out = new Map<string, SessionSummary>();
  for (const id of ids) {
    const session = view.session(id);
    const total = totals.get(id);
    if (!session || !total) continue;
    const own = figures.get(id);
    out.set(id, {
      id,
      title: session.title,
      firstPrompt: firstPrompts?.get(id),
      source: session.source,
      projectID: session.projectID,
      directory: session.directory,
      parentID: session.parentID,
      ...(session.forkedFrom ? { forkedFrom: session.forkedFrom } : {}),
      slug: session.slug,
      version: session.version,
      archived: session.time.archived !== undefined,
      shareUrl: session.shareUrl,
      time: { created: session.time.created, updated: session.time.updated },
      firstActivity: own.firstActivity ?? session.time.created,
      lastActivity: Math.max(own.lastActivity ?? 0, session.time.updated, session.time.created),
      messageCount: own.messageCount,
      turnCount: own.turnCount,
      models: own.models,
      agents: own.agents,
      ...spendOf(own.figure),
      contextUse: own.contextUse,
      childCount: view.childrenOf(id).length,
      total,
      status: statusOf(id),
      changes: session.summary,
    });
  }
  return out;
}

/** Newest time a part records of itself (a running tool's output is written in place: `updated`). */
function partWrite(part: PartMeta): number {
  return Math.max(part.updated ?? 0, part.end ?? 0, part.created ?? 0);
}
