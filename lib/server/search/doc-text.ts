import 'server-only';
import type { PlanView } from '@/lib/plans/plan-work';
import { PLAN_ID_PREFIX } from '@/lib/search/search-links';
import { errorDocument, messageFacts, partDocuments, planDocument, sessionDocuments } from '@/lib/search/session-documents';
import type { SearchDoc } from '@/lib/search/search-types';
import type { Store } from '../store/store';
import type { IndexedHit } from './search-index';

/**
 * The text of a page's hits, read again from their sources: the index keeps words and positions
 * only (a copy of the text was a third of the data's size). Each message named is read once;
 * a hit whose source has changed or gone since it was indexed gets '' (no snippet).
 */
export async function docTexts(store: Store, hits: readonly IndexedHit[], plans: readonly PlanView[] = []): Promise<string[]> {
  const reads = new Map<string, Promise<SearchDoc[]>>();
  const docsOf = (hit: IndexedHit): Promise<SearchDoc[]> => {
    if (hit.kind === 'plan') {
      const plan = plans.find((p) => `${PLAN_ID_PREFIX}${p.key}` === hit.sessionID);
      const doc = plan && planDocument(plan);
      return Promise.resolve(doc ? [doc] : []);
    }
    const key = `${hit.sessionID}\u0000${hit.messageID ?? ''}\u0000${hit.kind === 'todo' ? 'todo' : ''}`;
    let read = reads.get(key);
    if (!read) reads.set(key, (read = documentsOf(store, hit).catch(() => [])));
    return read;
  };
  return Promise.all(
    hits.map(async (hit) => {
      const docs = await docsOf(hit);
      return docs.find((d) => d.kind === hit.kind && d.partID === hit.partID && d.messageID === hit.messageID && d.sessionID === hit.sessionID)?.body ?? '';
    }),
  );
}

/** The documents of the hit's message (or of its session's own fields), made as the index made them. */
async function documentsOf(store: Store, hit: IndexedHit): Promise<SearchDoc[]> {
  const owner = store.view.ownerOf(hit.sessionID);
  const session = owner?.sessions.get(hit.sessionID);
  if (!owner || !session) return [];
  if (!hit.messageID) {
    const todos = hit.kind === 'todo' ? ((await owner.reader.loadContent(hit.sessionID, { messageIDs: [], extras: true }))?.todos ?? []) : [];
    return sessionDocuments(session, todos);
  }
  const message = [...owner.messagesOf(hit.sessionID)].find((m) => m.id === hit.messageID);
  if (!message) return [];
  const facts = messageFacts(message);
  const docs: SearchDoc[] = [];
  if (hit.kind === 'error') errorDocument(message.id, facts, docs);
  else {
    const content = await owner.reader.loadContent(hit.sessionID, { messageIDs: [message.id], extras: false });
    for (const part of content?.parts ?? []) if (part.messageID === message.id) partDocuments(part, facts, docs);
  }
  return docs;
}
