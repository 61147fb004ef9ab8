import type { Figure } from '@/lib/accounting/figure';

export interface SpendBar {
  key: string;
  /** USD as the agents stored it, or at API prices where that is higher (what "spend" ranks by). */
  spend: number;
  storedCost: number;
  computedCost: number;
  messages: number;
  tokens: number;
  /** Of the largest bar, 0-1. */
  share: number;
}

/** Team stats groups (per person or machine) as bars, largest first, each sized against the largest. */
export function spendBars(groups: readonly { key: string; figure: Pick<Figure, 'storedCost' | 'computedCost' | 'messages' | 'tokens'> }[]): SpendBar[] {
  const bars = groups.map((g) => {
    const t = g.figure.tokens;
    return { key: g.key, spend: Math.max(g.figure.storedCost, g.figure.computedCost), storedCost: g.figure.storedCost, computedCost: g.figure.computedCost, messages: g.figure.messages, tokens: t.input + t.output + t.reasoning + t.cacheRead + t.cacheWrite, share: 0 };
  });
  bars.sort((a, b) => b.spend - a.spend || (a.key < b.key ? -1 : 1));
  const top = bars[0]?.spend ?? 0;
  for (const bar of bars) bar.share = top > 0 ? bar.spend / top : 0;
  return bars;
}
