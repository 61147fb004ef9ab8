export interface SseEvent {
  id?: string;
  event: string;
  data: string;
  receivedAt: number;
}

/** A minimal Server-Sent Events reader over fetch, collecting events until closed. */
export function openEventStream(url: string, headers: Record<string, string> = {}): { events: SseEvent[]; close(): void; opened: Promise<void> } {
  const events: SseEvent[] = [];
  const abort = new AbortController();
  let markOpen: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (markOpen = resolve));
  void (async () => {
    try {
      const response = await fetch(url, { headers: { Accept: 'text/event-stream', ...headers }, signal: abort.signal });
      markOpen();
      const reader = response.body?.getReader();
      if (!reader) return;
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: 'message', data: '', receivedAt: Date.now() };
          for (const line of block.split('\n')) {
            if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data += line.slice(6);
          }
          if (block.split('\n').some((line) => !line.startsWith(':'))) events.push(event);
        }
      }
    } catch {
      // Closed by the test, or the server went away.
    }
  })();
  return { events, close: () => abort.abort(), opened };
}
