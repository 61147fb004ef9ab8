import 'server-only';
import type { SessionInfo } from '@/lib/model/session';
import { sourceFamilyOf } from '@/lib/model/source';
import type { ConfigPriceTable } from '@/lib/pricing/config-prices';
import { createConfiguredResolver } from '@/lib/pricing/configured-resolver';
import { sharedPrices } from '@/lib/pricing/lookup-price';
import type { PriceResolver } from '@/lib/pricing/price-types';
import type { OpencodeConfigs } from './opencode-configs';

export interface SessionLookup {
  session(id: string): Pick<SessionInfo, 'source' | 'directory' | 'projectID'> | undefined;
  /** Project id -> worktree, for the project's own opencode.json. */
  worktreeOf(projectID: string): string | undefined;
}

const NONE: readonly ConfigPriceTable[] = [];

/**
 * models.dev prices with the user's opencode.json files first: an OpenCode session's directory,
 * its project's worktree, then the global config. `forget()` after a config file changed.
 */
export function configuredPrices(lookup: SessionLookup, configs: OpencodeConfigs): { prices: PriceResolver; forget(): void } {
  const bySession = new Map<string, readonly ConfigPriceTable[]>();
  const configsFor = (sessionID: string | undefined): readonly ConfigPriceTable[] => {
    if (sessionID === undefined) return configs.tablesFor([]);
    let tables = bySession.get(sessionID);
    if (!tables) {
      const session = lookup.session(sessionID);
      // opencode.json is OpenCode's: Claude Code and pi sessions keep their own prices.
      if (!session) return configs.tablesFor([]);
      tables = sourceFamilyOf(session.source) !== 'opencode' ? NONE : configs.tablesFor([session.directory, lookup.worktreeOf(session.projectID) ?? '']);
      bySession.set(sessionID, tables);
    }
    return tables;
  };
  return { prices: createConfiguredResolver({ base: sharedPrices(), configsFor }), forget: () => bySession.clear() };
}
