'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import type { Scope } from '@/lib/team/team-query';

/** "This machine | Team" (`?scope=team` in the URL, so a reload or a shared link keeps it). */
export function ScopeSwitch({ scope }: { scope: Scope }) {
  const url = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const choose = (next: Scope) => {
    const params = new URLSearchParams(url.toString());
    if (next === 'team') params.set('scope', 'team');
    else params.delete('scope');
    const query = params.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  return (
    <div className="segmented scope-switch" role="group" aria-label="Whose sessions" data-testid="scope-switch">
      <button type="button" aria-pressed={scope === 'machine'} onClick={() => choose('machine')}>
        This machine
      </button>
      <button type="button" aria-pressed={scope === 'team'} onClick={() => choose('team')}>
        Team
      </button>
    </div>
  );
}
