import { SessionView } from '@/components/session/session-view';

export default async function SessionPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const one = (v: string | string[] | undefined) => (typeof v === 'string' && v ? v : undefined);
  const target = one(query.part) || one(query.message) ? { part: one(query.part), message: one(query.message) } : undefined;
  return <SessionView id={id} target={target} />;
}
