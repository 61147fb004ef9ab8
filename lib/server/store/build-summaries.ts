import 'server-only';
import { createPriceResolver } from '@/lib/pricing/lookup-price';
import { rollUpAll } from '@/lib/sessions/roll-up';
import { sessionFigures, type SessionFigures } from '@/lib/sessions/session-figures';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { inferStatus } from '@/lib/status/infer-status';
import type { StatusResult } from '@/lib/status/session-status';
import { spendOf } from '@/lib/sessions/spend';
import type { MergedView } from './merged-view';

const prices = createPriceResolver();

/** Per-session figures, cached until the session changes. */
export class FiguresCache {
  private readonly cache = new Map<string, SessionFigures>();
  constructor(private readonly view: MergedView) {}
  get(id: string): SessionFigures {
    let figures = this.cache.get(id);
    if (!figures) this.cache.set(id, (figures = sessionFigures(this.view.messages(id), { prices, partsOf: (messageID) => this.view.partsOf(id, messageID) })));
    return figures;
  }
  invalidate(ids: Iterable<string>): void {
    for (const id of ids) this.cache.delete(id);
  }
  clear(): void {
    this.cache.clear();
  }
}

/** Builds every session's summary: own figures, roll-ups over descendants, inferred status. */
export function buildSummaries(view: MergedView, figures: FiguresCache, now: number): Map<string, SessionSummary> {
  const ids = [...view.ids()];
  const totals = rollUpAll(ids, (id) => figures.get(id), (id) => view.childrenOf(id));
  const statuses = new Map<string, StatusResult>();
  const statusOf = (id: string, depth = 0): StatusResult => {
    const cached = statuses.get(id);
    if (cached) return cached;
    const session = view.session(id);
    const own = figures.get(id);
    const children = depth > 64 ? [] : view.childrenOf(id);
    const childStatuses = children.map((child) => statusOf(child, depth + 1));
    const owner = view.ownerOf(id);
    const lastWrite = Math.max(
      totals.get(id)?.lastActivity ?? 0,
      session?.time.updated ?? 0,
      owner?.lastSeenWrite.get(id) ?? 0,
      ...childStatuses.map((s) => s.lastWrite),
    );
    const last = own.last;
    const status = inferStatus({
      last,
      lastParts: last ? view.partsOf(id, last.id) : [],
      lastWrite,
      childStatuses: childStatuses.map((s) => s.status),
      isSubagent: Boolean(session?.parentID),
      archived: session?.time.archived !== undefined,
      now,
    });
    statuses.set(id, status);
    return status;
  };
  const out = new Map<string, SessionSummary>();
  for (const id of ids) {
    const session = view.session(id);
    if (!session) continue;
    const own = figures.get(id);
    const total = totals.get(id);
    if (!total) continue;
    out.set(id, {
      id,
      title: session.title,
      source: session.source,
      projectID: session.projectID,
      directory: session.directory,
      parentID: session.parentID,
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
