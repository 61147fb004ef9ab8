import 'server-only';
import { publishedTexts, type PublishedText } from '@/lib/team/published-text';
import type { Store } from '../store/store';

/** Reads the text `--publish-text` publishes of some sessions (see publisher.ts `text`). */
export type SessionTexts = (sessionIDs: readonly string[]) => Promise<PublishedText[]>;

/**
 * The text of some sessions, read from their sources as search reads a hit's text (doc-text.ts):
 * the reader that shows each session loads its parts, nothing is kept. A session no reader shows
 * any more has none.
 */
export function storeSessionTexts(store: Pick<Store, 'view'>): SessionTexts {
  return async (sessionIDs) => {
    const out: PublishedText[] = [];
    for (const id of sessionIDs) {
      const owner = store.view.ownerOf(id);
      if (!owner) continue;
      const content = await owner.reader.loadContent(id, { extras: false });
      for (const row of publishedTexts([...owner.messagesOf(id)], content?.parts ?? [])) out.push(row);
    }
    return out;
  };
}
