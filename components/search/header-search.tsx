'use client';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { hitHref, progressLine } from '@/lib/search/search-links';
import { SearchHitRow } from './search-hit-row';
import { useSearch } from './use-search';

const PREVIEW_HITS = 8;

/** The search box in the header of every page: the best hits as you type, Enter for all of them. */
export function HeaderSearch() {
  const router = useRouter();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const box = useRef<HTMLDivElement>(null);
  const listId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), 150);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useSearch({ q, limit: PREVIEW_HITS }, open && q !== '');
  const page = results.data?.pages[0];
  const hits = page?.hits ?? [];
  const progress = progressLine(page?.progress);
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const showAll = () => {
    if (!text.trim()) return;
    close();
    router.push(`/search?q=${encodeURIComponent(text.trim())}`);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') {
      close();
      e.currentTarget.blur();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.max(-1, Math.min(hits.length - 1, i + step)));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const hit = hits[active];
      if (hit) {
        close();
        router.push(hitHref(hit));
      } else showAll();
    }
  };
  return (
    <div className="header-search" ref={box} onBlur={(e) => !box.current?.contains(e.relatedTarget as Node | null) && close()}>
      <input
        type="search"
        data-search-input
        data-testid="header-search"
        placeholder="Search everything  ( / )"
        aria-label="Search every session: prompts, replies, tool calls and outputs"
        role="combobox"
        aria-expanded={open && q !== ''}
        aria-controls={listId}
        aria-activedescendant={active >= 0 ? `${listId}-${active}` : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
      />
      {open && q !== '' ? (
        <div className="search-popover" id={listId} role="listbox" aria-label="Search results" data-testid="search-popover">
          {progress ? <p className="muted small search-progress">{progress}</p> : null}
          {results.error ? <p className="small">Search failed: {results.error.message}</p> : null}
          {page && hits.length === 0 ? <p className="muted small">No matches for “{q}”.</p> : null}
          {hits.map((hit, i) => (
            <div key={`${hit.sessionID}:${hit.partID ?? hit.kind}:${i}`} id={`${listId}-${i}`} role="option" aria-selected={i === active} className={i === active ? 'active' : undefined}>
              <SearchHitRow hit={hit} compact onOpen={close} />
            </div>
          ))}
          {hits.length > 0 ? (
            <button type="button" className="link-button small search-all" onClick={showAll}>
              All results for “{q}” →
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
