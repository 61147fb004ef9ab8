import type { Part } from '@/lib/model/part';

/** OpenCode's placeholder until a title is generated: "New session - 2026-11-21T18:14:15.831Z", "Child session - …". */
const PLACEHOLDER = /^(?:New|Child) session - \d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z$/;
const PREVIEW_MAX = 80;

/** Whether a session has no title of its own: empty or OpenCode's dated placeholder. */
export function isPlaceholderTitle(title: string | undefined): boolean {
  const t = title?.trim() ?? '';
  return t === '' || PLACEHOLDER.test(t);
}

/** The first words of a prompt on one line, cut at a word boundary near `max` characters. */
export function promptPreview(text: string, max = PREVIEW_MAX): string | undefined {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (!flat) return undefined;
  if (flat.length <= max) return flat;
  // One character more than fits: a space there means the last word is whole.
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut.slice(0, max - 1)).trimEnd()}…`;
}

/** The words a person typed in a user message: its first text part that the client did not add. */
export function promptTextOf(parts: readonly Part[]): string | undefined {
  for (const part of parts) {
    if (part.type === 'text' && !part.synthetic && !part.ignored) {
      const preview = promptPreview(part.text);
      if (preview) return preview;
    }
  }
  return undefined;
}

export interface DisplayTitle {
  text: string;
  /** The text is the first prompt's words, shown because the session has no title. */
  fromPrompt: boolean;
}

/** What to call a session: its title; without one, its first prompt's words (marked); else "(untitled session)". */
export function displayTitle(session: { title: string; firstPrompt?: string }): DisplayTitle {
  if (!isPlaceholderTitle(session.title)) return { text: session.title, fromPrompt: false };
  if (session.firstPrompt) return { text: session.firstPrompt, fromPrompt: true };
  return { text: session.title.trim() || '(untitled session)', fromPrompt: false };
}
