import 'server-only';
import type { Store } from '../store/store';
import { runSync } from '../db/query-plan';
import type { GroupedSession } from '@/lib/accounting/stats-grouping';
import { sessionHeads } from '../db/queries/session-list';
import { configuredPrices } from './configured-prices';
import { globalConfigDir, OpencodeConfigs } from './opencode-configs';

/**
 * Prices a store's figures with the user's opencode.json files first (global and per project),
 * models.dev for the rest. With `follow`, a changed config file reprices; `close()` stops following.
 * The dashboard and every cold read that is compared with it price the same way through this.
 */
export function priceFromConfig(store: Store, options: { globalDir?: string; follow?: boolean } = {}): { close(): void } {
  const worktrees = new Map<string, string>();
  // At a restart the database answers before the store has read a session: all of its sessions in one
  // query at the first miss (one query per session took 1.5 s of a report on 5,000), a later one by itself.
  let heads: Map<string, GroupedSession> | undefined;
  const fromDatabase = (id: string): GroupedSession | undefined => {
    const db = store.sessionDb;
    if (!db?.usable) return undefined;
    heads ??= new Map(runSync(db.db, sessionHeads('sqlite', db.sourceIds())).map((head) => [head.id, head]));
    return heads.get(id) ?? db.sessionHead(id);
  };
  const lookup = {
    session: (id: string) => store.view.session(id) ?? fromDatabase(id),
    worktreeOf: (projectID: string) => {
      if (!worktrees.has(projectID)) for (const p of store.projects()) worktrees.set(p.id, p.worktree);
      if (!worktrees.has(projectID)) for (const p of store.sessionDb?.projects() ?? []) worktrees.set(p.id, p.worktree);
      return worktrees.get(projectID);
    },
  };
  let forget = (): void => undefined;
  const onChange =
    options.follow === false
      ? undefined
      : () => {
          forget();
          store.repriced();
        };
  const configs = new OpencodeConfigs(options.globalDir ?? globalConfigDir(), onChange);
  const configured = configuredPrices(lookup, configs);
  forget = configured.forget;
  store.prices = configured.prices;
  store.pricesBasis = { filesRead: () => configs.filesRead(), stillAs: (files) => configs.stillAs(files) };
  return { close: () => configs.close() };
}
