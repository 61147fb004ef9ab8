import { displayTitle } from '@/lib/sessions/display-title';

/** A session's title; an untitled one shows its first prompt's words, in italics, marked as such. */
export function SessionTitle({ session }: { session: { title: string; firstPrompt?: string } }) {
  const t = displayTitle(session);
  if (!t.fromPrompt) return <>{t.text}</>;
  return (
    <em className="title-from-prompt" title="first prompt; no title" data-testid="title-from-prompt">
      {t.text}
    </em>
  );
}
