import { describe, expect, it } from 'vitest';
import { bundledPriceTable } from './bundled-prices';
import snapshot from './models-dev-snapshot.json';
import { parsePriceSnapshot } from './price-table';

describe('the bundled price table', () => {
  it('is the snapshot file as the schema reads it (the file is not checked at run time)', () => {
    expect(bundledPriceTable()).toEqual(parsePriceSnapshot(snapshot));
    expect(bundledPriceTable().providers.size).toBeGreaterThan(10);
  });
});
