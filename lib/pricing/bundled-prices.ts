import snapshot from './models-dev-snapshot.json';
import { parsePriceSnapshot, type PriceTable } from './price-table';

let bundled: PriceTable | undefined;

/** The price table shipped with the app (no network at run time); parsed on first use. */
export function bundledPriceTable(): PriceTable {
  bundled ??= parsePriceSnapshot(snapshot);
  return bundled;
}
