import { json } from '@/lib/server/http/responses';
import { getPlans } from '@/lib/server/queries/get-plans';
import { getRuntime } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return json(getPlans(getRuntime()));
}
