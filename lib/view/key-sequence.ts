export type ShortcutAction = 'go-overview' | 'go-sessions' | 'go-plans' | 'go-diagnostics' | 'focus-search' | 'next' | 'previous' | 'open' | 'help';

export interface KeyState {
  /** The pending prefix key ("g") and when it was pressed. */
  prefix?: { key: string; at: number };
}

const SEQUENCE_WINDOW_MS = 1500;
const AFTER_G: Record<string, ShortcutAction> = { o: 'go-overview', s: 'go-sessions', p: 'go-plans', d: 'go-diagnostics' };
const SINGLE: Record<string, ShortcutAction> = { '/': 'focus-search', j: 'next', k: 'previous', Enter: 'open', '?': 'help' };

/** Folds one key press into the shortcut state: "g" then "s" within 1.5 s is go-sessions, and so on. */
export function readShortcut(state: KeyState, key: string, now: number): { state: KeyState; action?: ShortcutAction } {
  if (state.prefix && now - state.prefix.at <= SEQUENCE_WINDOW_MS && state.prefix.key === 'g') {
    const action = AFTER_G[key];
    if (action) return { state: {}, action };
  }
  if (key === 'g') return { state: { prefix: { key, at: now } } };
  return { state: {}, action: SINGLE[key] };
}

/** Keys typed into fields, or with modifiers, are the user's, not shortcuts. */
const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

export function isTypingTarget(target: { tagName?: string; isContentEditable?: boolean; type?: string } | null): boolean {
  if (!target) return false;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'INPUT') return !NOT_TYPED.has((target.type ?? 'text').toLowerCase());
  return tag === 'TEXTAREA' || tag === 'SELECT' || target.isContentEditable === true;
}
