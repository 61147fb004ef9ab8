'use client';
import { useEffect, useState } from 'react';
import type { TimelineTarget } from '@/lib/view/timeline-target';
import { MarkedSnippet } from './marked-snippet';
import { useSearch } from './use-search';

/** Search this session's parts; next / previous open each match in the timeline, in order. */
export function FindInSession({ sessionID, onTarget }: { sessionID: string; onTarget: (target: TimelineTarget) => void }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [at, setAt] = useState(-1);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(text.trim());
      setAt(-1);
    }, 200);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useSearch({ q, session: sessionID, order: 'time', limit: 100 }, q !== '');
  // Titles and todos are not in the timeline.
  const hits = (results.data?.pages ?? []).flatMap((p) => p.hits).filter((h) => h.messageID);
  const current = hits[at];
  const go = (step: number) => {
    if (hits.length === 0) return;
    const next = (at + step + hits.length) % hits.length;
    setAt(next);
    const hit = hits[next];
    if (!hit) return;
    onTarget({ part: hit.partID, message: hit.messageID });
    const query = new URLSearchParams(window.location.search);
    if (hit.partID) query.set('part', hit.partID);
    if (hit.messageID) query.set('message', hit.messageID);
    window.history.replaceState(null, '', `?${query.toString()}`);
  };
  return (
    <div className="find-in-session" role="search" aria-label="Find in this session">
      <input
        type="search"
        placeholder="Find in this session"
        aria-label="Find in this session"
        data-testid="find-in-session"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            go(e.shiftKey ? -1 : 1);
          }
        }}
      />
      {q ? (
        <>
          <span className="muted small" data-testid="find-count" aria-live="polite">
            {hits.length === 0 ? (results.data ? 'no matches' : 'searching…') : `${at >= 0 ? at + 1 : '–'} of ${hits.length}${results.hasNextPage ? '+' : ''}`}
          </span>
          <button type="button" className="link-button small" onClick={() => go(-1)} disabled={hits.length === 0} aria-label="Previous match">
            ↑ previous
          </button>
          <button type="button" className="link-button small" onClick={() => go(1)} disabled={hits.length === 0} aria-label="Next match">
            ↓ next
          </button>
          {current ? <MarkedSnippet snippet={current.snippet} /> : null}
        </>
      ) : null}
    </div>
  );
}
