'use client';
import type { TimelineFilter, TurnMark } from '@/lib/view/timeline-filter';

const KINDS: { kind: TimelineFilter['kind']; label: string }[] = [
  { kind: 'all', label: 'All' },
  { kind: 'tools', label: 'Tool calls' },
  { kind: 'errors', label: 'Errors' },
  { kind: 'reasoning', label: 'Reasoning' },
];

interface Props {
  filter: TimelineFilter;
  setFilter: (f: TimelineFilter) => void;
  tools: { tool: string; count: number }[];
  marks: TurnMark[];
  /** The turn at the top of the screen. */
  currentTurn: number;
  goToTurn: (turn: number) => void;
  /** Scrolls to the newest row; absent while it is on screen. */
  latest?: () => void;
}

/** Filters, a turn list, the way to the newest turn and a mini-map of the loaded turns (errors in red), to move through hundreds of turns. */
export function TimelineToolbar({ filter, setFilter, tools, marks, currentTurn, goToTurn, latest }: Props) {
  return (
    <div className="timeline-toolbar" data-testid="timeline-toolbar">
      <div className="segmented" role="group" aria-label="Show">
        {KINDS.map((k) => (
          <button key={k.kind} type="button" aria-pressed={filter.kind === k.kind} onClick={() => setFilter({ kind: k.kind })}>
            {k.label}
          </button>
        ))}
      </div>
      {tools.length > 0 ? (
        <select aria-label="Tool calls of one tool" value={filter.kind === 'tools' ? (filter.tool ?? '') : ''} onChange={(e) => setFilter(e.target.value ? { kind: 'tools', tool: e.target.value } : { kind: 'all' })}>
          <option value="">Any tool</option>
          {tools.map((t) => (
            <option key={t.tool} value={t.tool}>
              {t.tool} ({t.count})
            </option>
          ))}
        </select>
      ) : null}
      {marks.length > 1 ? (
        <select aria-label="Go to turn" className="turn-select" value={String(currentTurn)} onChange={(e) => goToTurn(Number(e.target.value))} data-testid="turn-select">
          {marks.map((m) => (
            <option key={m.turn} value={m.turn}>
              {m.turn + 1}. {m.label}
              {m.errors ? ` · ${m.errors} error${m.errors === 1 ? '' : 's'}` : ''}
            </option>
          ))}
        </select>
      ) : null}
      {latest ? (
        // In the toolbar, not over the timeline: floating, it covered a step's cost and status.
        <button type="button" className="jump-latest" onClick={latest} data-testid="jump-latest">
          ↓ Latest
        </button>
      ) : null}
      {marks.length > 1 ? (
        // Pointer shortcut only: the turn list above is the keyboard's way to the same places.
        <div className="minimap" aria-hidden data-testid="minimap">
          {marks.map((m) => (
            <span
              key={m.turn}
              className={`minimap-turn${m.errors ? ' has-errors' : m.tools ? ' has-tools' : ''}${m.turn === currentTurn ? ' current' : ''}`}
              title={`Turn ${m.turn + 1}: ${m.label}`}
              onClick={() => goToTurn(m.turn)}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
