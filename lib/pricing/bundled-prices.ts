import snapshot from './models-dev-snapshot.json';
import { priceTableOf, type PriceTable } from './price-table';
import type { PriceSnapshot } from './snapshot-format';

let bundled: PriceTable | undefined;

/** When the shipped price table was made: figures priced by another table differ. */
export const BUNDLED_PRICES_MADE: string = (snapshot as { generated?: string }).generated ?? '';

/**
 * The price table shipped with the app (no network at run time); built on first use. The file is
 * ours, written by scripts/refresh-prices.ts and held to the snapshot schema by bundled-prices.test.ts:
 * checking it again at every start cost a command a tenth of its time.
 */
export function bundledPriceTable(): PriceTable {
  bundled ??= priceTableOf(snapshot as unknown as PriceSnapshot);
  return bundled;
}
