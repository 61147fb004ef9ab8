import type { SessionSummary } from '@/lib/sessions/session-summary';

export interface ApiSessions {
  sessions: SessionSummary[];
  total: number;
}

export async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

export function allSessions(base: string): Promise<ApiSessions> {
  return getJson<ApiSessions>(`${base}/api/sessions?limit=1000`);
}
