import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import { isPlaceholderTitle, promptTextOf } from '@/lib/sessions/display-title';
import { yieldToRequests } from '../http/request-activity';
import type { Store } from './store';

function firstUserMessage(messages: Iterable<MessageInfo>): MessageInfo | undefined {
  let first: MessageInfo | undefined;
  for (const m of messages) if (m.role === 'user' && (!first || m.time.created < first.time.created)) first = m;
  return first;
}

/**
 * Untitled sessions (OpenCode's "New session - <date>" placeholder) are shown by their first
 * prompt's words: once the first read is done, and as sessions change, the first user message of
 * each untitled session is read (one message, one at a time, between requests) and handed to the
 * store, which puts it in the session's summary (`firstPrompt`).
 */
export function followFirstPrompts(store: Store, started: Promise<void>): void {
  const looked = new Set<string>();
  const queue = new Set<string>();
  let ready = false;
  let running = false;

  async function drain(): Promise<void> {
    if (running) return;
    running = true;
    try {
      for (const id of queue) {
        queue.delete(id);
        const first = firstUserMessage(store.view.messages(id));
        // No prompt yet: looked at again when the session next changes.
        if (!first) continue;
        looked.add(id);
        const parts = await store.messageParts(id, [first.id]).catch(() => undefined);
        const text = promptTextOf(parts?.get(first.id)?.parts ?? []);
        if (text) store.setFirstPrompt(id, text);
        await yieldToRequests();
      }
    } finally {
      running = false;
    }
  }

  const consider = (ids: Iterable<string>): void => {
    if (!ready) return;
    for (const id of ids) if (!looked.has(id) && isPlaceholderTitle(store.view.session(id)?.title ?? 'x')) queue.add(id);
    if (queue.size > 0) void drain();
  };
  store.onChange(({ touched }) => consider(touched));
  void started.then(() => {
    ready = true;
    consider(store.view.ids());
  });
}
