'use client';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchJson } from '@/lib/client/fetch-json';
import { formatCount } from '@/lib/format/format-tokens';
import { queryKeys } from '@/lib/live/query-keys';
import type { Part } from '@/lib/model/part';
import { PartView } from './part-view';

/** A part whose long fields came cut (see `trimPart`): drawn as it is, with a way to load it whole. */
export function PartWithCut({ part, step }: { part: Part; step?: number }) {
  const [wanted, setWanted] = useState(false);
  const full = useQuery({
    queryKey: [...queryKeys.session(part.sessionID), 'part', part.id],
    queryFn: () => fetchJson<Part>(`/api/sessions/${encodeURIComponent(part.sessionID)}/parts/${encodeURIComponent(part.id)}?message=${encodeURIComponent(part.messageID)}`),
    enabled: wanted,
  });
  if (!part.cut) return <PartView part={part} step={step} />;
  const chars = Math.max(...Object.values(part.cut).map((n) => n ?? 0));
  return (
    <>
      <PartView part={full.data ?? part} step={step} />
      {full.data ? null : (
        <button type="button" className="link-button small" data-testid="load-whole-part" onClick={() => setWanted(true)} disabled={full.isFetching}>
          {full.isFetching ? 'loading…' : full.error ? `could not load the whole part (${(full.error as Error).message}); try again` : `cut for speed: load the whole part (${formatCount(chars)} characters)`}
        </button>
      )}
    </>
  );
}
