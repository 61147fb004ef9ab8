import { getRuntime } from '@/lib/server/store/get-store';
import { json } from '@/lib/server/http/responses';
import { getHealth } from '@/lib/server/queries/get-health';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(): Response {
  const { store, locations, plans, watcher, search, live } = getRuntime();
  return json({ ...getHealth(store, locations, plans.issues, watcher, { servers: live.servers(), discovery: live.discovery }), search: search?.progress() });
}
