import type { MessageInfo } from '@/lib/model/message';
import type { TokenCounts } from '@/lib/model/tokens';
import { totalTokenCount } from '@/lib/model/tokens';
import { createPriceResolver } from '@/lib/pricing/lookup-price';
import { costAtRates } from './compute-cost';
import type { StatsInput, StatsResult } from './compute-stats';
import { addFigureInto, emptyFigure, type Figure } from './figure';
import { configPricedListOf, unpricedListOf } from './model-key';
import type { GroupedSession, StatsGroupBy } from './stats-grouping';
import { createStatsAccumulator } from './stats-accumulator';

/** What a usage row is keyed by beyond pricing's own keys: a quarter hour, the raw agent, the session. */
export type UsageDimension = 'quarter' | 'agent' | 'session';

/**
 * Assistant messages' usage summed by a database (lib/server/db/queries/usage-rows.ts): every
 * message of a row has the same provider, model, price scope (`rep` is one of its sessions) and
 * long-context tier, so the row prices as one.
 */
export interface UsageRow {
  /** ms / 900,000, floored; absent unless asked for. */
  quarter?: number;
  agent?: string;
  sessionID?: string;
  providerID?: string;
  modelID?: string;
  /** The session's SourceKind. */
  kind: string;
  projectID: string;
  /** Every message's input + cache read passed the long-context threshold. */
  longContext: boolean;
  rep: string;
  messages: number;
  /** Messages that used any token or cost anything (an unpriced one of these is flagged). */
  usedMessages: number;
  cost: number;
  /** Messages whose agent records no cost (their `cost` is 0). */
  unrecordedMessages: number;
  tokens: TokenCounts;
}

const QUARTER_HOUR_MS = 900_000;

function dimensionOf(groupBy: StatsGroupBy | undefined): UsageDimension | undefined {
  switch (groupBy) {
    case 'day':
    case 'hour':
    case 'week':
    case 'month':
      return 'quarter';
    case 'agent':
      return 'agent';
    case 'session':
      return 'session';
    default:
      return undefined;
  }
}

/** The dimensions a grouping (and its split) needs the rows keyed by. */
export function usageDimensions(groupBy: StatsGroupBy, split?: StatsGroupBy): Set<UsageDimension> {
  const out = new Set<UsageDimension>();
  for (const g of [groupBy, split]) {
    const d = dimensionOf(g);
    if (d) out.add(d);
  }
  return out;
}

/** One row's figure, as `measureMessageInto` would sum its messages one by one. */
function rowFigureInto(out: Figure, row: UsageRow, prices: NonNullable<StatsInput['prices']>, probe: MessageInfo): void {
  Object.assign(out, emptyFigure());
  delete out.unpricedModels;
  delete out.configPriced;
  const match = prices(row.providerID, row.modelID, row.rep);
  out.messages = row.messages;
  out.storedCost = row.cost;
  out.unrecordedMessages = row.unrecordedMessages;
  Object.assign(out.tokens, row.tokens);
  if (match) out.computedCost = costAtRates(row.tokens, row.longContext && match.price.over200k ? match.price.over200k : match.price);
  if (!match && row.usedMessages > 0) {
    out.unpricedMessages = row.usedMessages;
    out.unpricedTokens = totalTokenCount(row.tokens);
    out.unpricedModels = unpricedListOf(probe);
  } else if (match?.via === 'config') out.configPriced = configPricedListOf(probe, match.source);
}

export interface FoldInput extends Pick<StatsInput, 'groupBy' | 'split' | 'timeZone' | 'prices' | 'projects'> {
  sessions: readonly GroupedSession[];
  roots?: boolean;
}

/** What a grouper or price reads of a message: the row stands in for each of its messages. */
function probeOf(row: UsageRow): MessageInfo {
  return {
    id: '',
    sessionID: row.sessionID ?? row.rep,
    role: 'assistant',
    time: { created: (row.quarter ?? 0) * QUARTER_HOUR_MS },
    providerID: row.providerID,
    modelID: row.modelID,
    agent: row.agent,
    cost: row.cost,
    tokens: row.tokens,
  };
}

/** Adds a usage row's figure into `total`, as `measureMessageInto` would add its messages one by one (`one`: scratch). */
export function addUsageRowInto(total: Figure, row: UsageRow, prices: NonNullable<StatsInput['prices']>, one: Figure = emptyFigure()): void {
  rowFigureInto(one, row, prices, probeOf(row));
  addFigureInto(total, one);
}

/** Stats from usage rows: the same groups, labels and order as `computeStats` over the messages. */
export function foldUsageRows(rows: Iterable<UsageRow>, input: FoldInput): StatsResult {
  const stats = createStatsAccumulator(input);
  const prices = input.prices ?? createPriceResolver();
  const one = emptyFigure();
  for (const row of rows) {
    const probe = probeOf(row);
    rowFigureInto(one, row, prices, probe);
    stats.add(probe, one);
  }
  return stats.result();
}
