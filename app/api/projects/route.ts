import { json } from '@/lib/server/http/responses';
import { getProjects } from '@/lib/server/queries/get-projects';
import { getStore } from '@/lib/server/store/get-store';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export function GET(): Response {
  return json({ projects: getProjects(getStore()) });
}
