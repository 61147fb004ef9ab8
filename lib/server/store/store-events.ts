import 'server-only';

/** What changed, so open pages refetch exactly the affected queries. */
export interface StoreEvent {
  /** Monotonic per process: a reconnecting client resumes after the last id it saw. */
  id: number;
  at: number;
  /** Sessions whose data, status or roll-ups changed (ancestors included). */
  sessions: string[];
  /** Coarser things that changed. */
  /** `stream` alone: only streamed text changed (open session pages refetch, lists do not). */
  /** `ready`: the first read is complete: every page that said "counting…" refetches. */
  topics: ('sessions' | 'projects' | 'health' | 'plans' | 'index' | 'ready' | 'search' | 'stream')[];
}

export type StoreListener = (event: StoreEvent) => void;

/**
 * A bounded history of events for clients that reconnect with Last-Event-ID. Ids start at
 * `firstId`: the store passes the start time in ms, so an id a page kept from an earlier process
 * (lower, or higher if that one ran long) is never mistaken for one of this process's.
 */
export class EventLog {
  private readonly events: StoreEvent[] = [];
  private nextId: number;
  private readonly listeners = new Set<StoreListener>();

  constructor(
    private readonly capacity = 1_000,
    private readonly firstId = 1,
  ) {
    this.nextId = firstId;
  }

  emit(sessions: Iterable<string>, topics: StoreEvent['topics']): StoreEvent {
    const event: StoreEvent = { id: this.nextId++, at: Date.now(), sessions: [...new Set(sessions)], topics };
    this.events.push(event);
    if (this.events.length > this.capacity) this.events.splice(0, this.events.length - this.capacity);
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken subscriber must not stop the others.
      }
    }
    return event;
  }

  /**
   * Events after `lastId`, or undefined if they are no longer kept or `lastId` is not one of this
   * process's (the client must refetch).
   */
  since(lastId: number): StoreEvent[] | undefined {
    if (lastId > this.nextId - 1 || lastId < this.firstId - 1) return undefined;
    if (lastId === this.nextId - 1) return [];
    const first = this.events[0];
    if (!first || first.id > lastId + 1) return undefined;
    return this.events.filter((event) => event.id > lastId);
  }

  get lastId(): number {
    return this.nextId - 1;
  }

  subscribe(listener: StoreListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }
}
