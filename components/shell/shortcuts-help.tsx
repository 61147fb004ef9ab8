'use client';
import { useEffect, useRef, type KeyboardEvent } from 'react';

export const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['?'], what: 'Show these shortcuts' },
  { keys: ['/'], what: 'Search (the sessions filter, or the page’s search field)' },
  { keys: ['j', 'k'], what: 'Move down / up a list or the timeline' },
  { keys: ['Enter'], what: 'Open the selected session' },
  { keys: ['g', 'o'], what: 'Go to the overview' },
  { keys: ['g', 's'], what: 'Go to sessions' },
  { keys: ['g', 'p'], what: 'Go to plans' },
  { keys: ['g', 'd'], what: 'Go to diagnostics' },
  { keys: ['Esc'], what: 'Close this overlay, leave a search field' },
];

/**
 * The keyboard shortcuts in a modal dialog: `showModal` makes the rest of the page inert (focus
 * stays inside) and Esc closes it.
 */
export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // A modal dialog lets Tab leave for the browser's own controls: keep it cycling inside.
  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('button, a[href], [tabindex]:not([tabindex="-1"])')];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  };
  return (
    <dialog ref={ref} className="shortcuts-help" aria-labelledby="shortcuts-title" onClose={onClose} onKeyDown={trapTab} data-testid="shortcuts-help">
      <header className="panel-head">
        <h2 id="shortcuts-title">Keyboard shortcuts</h2>
        <button type="button" className="panel-actions icon-button" onClick={onClose} aria-label="Close">
          ✕
        </button>
      </header>
      <dl>
        {SHORTCUTS.map((s) => (
          <div key={s.what} className="shortcut-row">
            <dt>
              {s.keys.map((k, i) => (
                <kbd key={i}>{k}</kbd>
              ))}
            </dt>
            <dd>{s.what}</dd>
          </div>
        ))}
      </dl>
    </dialog>
  );
}
