import type { Turn } from '@/lib/sessions/build-turns';

export interface InheritedTurn {
  /** The prompt's message id in the original (a link target there). */
  messageID?: string;
  prompt: string;
  reply: string;
}

const CUT = 240;
const cut = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > CUT ? `${flat.slice(0, CUT - 1)}…` : flat;
};

const textOf = (parts: Turn['assistant'][number]['parts']) =>
  parts
    .filter((p) => p.type === 'text' && !p.synthetic)
    .map((p) => (p.type === 'text' ? p.text : ''))
    .join(' ');

/**
 * The original's turns a fork copied: those that began before the fork was made, oldest first,
 * as a prompt and the last words of its answer.
 */
export function inheritedTurns(originTurns: readonly Turn[], forkCreated: number): InheritedTurn[] {
  return originTurns
    .filter((t) => t.start < forkCreated)
    .toSorted((a, b) => a.start - b.start)
    .map((t) => ({
      messageID: t.user?.info.id,
      prompt: cut(t.user ? textOf(t.user.parts) : ''),
      reply: cut(textOf(t.assistant.at(-1)?.parts ?? [])),
    }));
}
