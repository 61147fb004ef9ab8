export interface SseEvent {
  id?: number;
  event: string;
  data: string;
  /** performance.now() when the event was parsed. */
  at: number;
}

/** A minimal Server-Sent Events client on fetch + a stream reader (what a page does, minus the browser). */
export class SseClient {
  private readonly abort = new AbortController();
  private readonly waiters = new Set<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent | undefined) => void; timer: NodeJS.Timeout }>();
  lastId = 0;
  private constructor() {}

  static async connect(url: string): Promise<SseClient> {
    const client = new SseClient();
    const response = await fetch(url, { signal: client.abort.signal, headers: { accept: 'text/event-stream' } });
    if (!response.ok || !response.body) throw new Error(`SSE ${url}: HTTP ${response.status}`);
    const hello = client.next((e) => e.event === 'hello', 10_000);
    void client.pump(response.body.getReader());
    if (!(await hello)) throw new Error('SSE: no hello event');
    return client;
  }

  /** Resolves with the first matching event, or undefined after `timeoutMs`. */
  next(match: (e: SseEvent) => boolean, timeoutMs: number): Promise<SseEvent | undefined> {
    return new Promise((resolve) => {
      const waiter = {
        match,
        resolve,
        timer: setTimeout(() => {
          this.waiters.delete(waiter);
          resolve(undefined);
        }, timeoutMs),
      };
      this.waiters.add(waiter);
    });
  }

  close(): void {
    this.abort.abort();
    for (const w of this.waiters) {
      clearTimeout(w.timer);
      w.resolve(undefined);
    }
    this.waiters.clear();
  }

  private async pump(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          this.dispatch(block);
        }
      }
    } catch {
      // Aborted on close.
    }
  }

  private dispatch(block: string): void {
    const event: SseEvent = { event: 'message', data: '', at: performance.now() };
    for (const line of block.split('\n')) {
      if (line.startsWith('id: ')) event.id = Number(line.slice(4));
      else if (line.startsWith('event: ')) event.event = line.slice(7);
      else if (line.startsWith('data: ')) event.data += line.slice(6);
    }
    if (event.event === 'message' && event.data === '') return;
    if (event.id !== undefined) this.lastId = event.id;
    for (const waiter of this.waiters) {
      if (!waiter.match(event)) continue;
      clearTimeout(waiter.timer);
      this.waiters.delete(waiter);
      waiter.resolve(event);
    }
  }
}

/** True when a `change` event names the session. */
export function changeFor(sessionID: string, afterId: number): (e: SseEvent) => boolean {
  return (e) => e.event === 'change' && (e.id ?? 0) > afterId && (JSON.parse(e.data) as { sessions: string[] }).sessions.includes(sessionID);
}
