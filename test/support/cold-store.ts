// A fresh store on a data folder, read once and priced as the dashboard prices (opencode.json first):
// what a dashboard started now would show. Live tests compare the running dashboard with it.
import { findDatabases } from '@/lib/server/config';
import { priceFromConfig } from '@/lib/server/pricing/price-from-config';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';

export async function withColdStore<T>(dataDir: string, read: (store: Store) => T | Promise<T>): Promise<T> {
  const store = new Store(createReaders({ opencodeDir: dataDir, databases: findDatabases(dataDir) }));
  const pricing = priceFromConfig(store, { follow: false });
  try {
    await store.start();
    return await read(store);
  } finally {
    store.stop();
    pricing.close();
  }
}
