import type { MessageFacts } from './session-documents';

/**
 * The facts of many messages (a search build's: 100,000 on a large history) packed for a worker:
 * their ids, one table of the strings they share, and typed columns. A structured clone of this is
 * a few arrays, not 100,000 objects of four strings each (24 MB per copy, a copy per worker), and
 * the columns' buffers can be transferred.
 */
export interface PackedFacts {
  ids: string[];
  /** Sessions, roles, agents, models and errors, each once. */
  strings: string[];
  /** Per message, COLUMNS entries: session, role, agent, model, error (a string's index + 1; 0 for none where optional). */
  columns: Uint32Array;
  time: Float64Array;
}

const COLUMNS = 5;

export function packFacts(entries: readonly (readonly [string, MessageFacts])[]): PackedFacts {
  const packer = new FactsPacker(entries.length);
  for (const [id, facts] of entries) packer.add(id, facts);
  return packer.packed();
}

/**
 * Packs facts as they come: a search build's request for every message's facts (400,000 at 20,000
 * sessions) holds the columns only, not a list of them first (that list, on the server's thread,
 * was ~90 MB at 5,000 sessions, beside the store's first read).
 */
export class FactsPacker {
  private readonly strings: string[] = [];
  private readonly indexOf = new Map<string, number>();
  private readonly ids: string[] = [];
  private columns: Uint32Array<ArrayBuffer>;
  private time: Float64Array<ArrayBuffer>;

  constructor(expected = 1_024) {
    this.columns = new Uint32Array(Math.max(expected, 1) * COLUMNS);
    this.time = new Float64Array(Math.max(expected, 1));
  }

  add(id: string, f: MessageFacts): void {
    const n = this.ids.length;
    if (n >= this.time.length) this.grow();
    this.ids.push(id);
    const at = n * COLUMNS;
    const { columns } = this;
    columns[at] = this.ref(f.sessionID);
    columns[at + 1] = this.ref(f.role);
    columns[at + 2] = f.agent === undefined ? 0 : this.ref(f.agent);
    columns[at + 3] = f.model === undefined ? 0 : this.ref(f.model);
    columns[at + 4] = f.error === undefined ? 0 : this.ref(f.error);
    this.time[n] = f.time;
  }

  /** The facts added so far (their columns cut to length: a copy, which a transfer can move). */
  packed(): PackedFacts {
    const n = this.ids.length;
    return { ids: this.ids, strings: this.strings, columns: this.columns.slice(0, n * COLUMNS), time: this.time.slice(0, n) };
  }

  /** A string's index + 1 in the table. */
  private ref(value: string): number {
    let i = this.indexOf.get(value);
    if (i === undefined) {
      i = this.strings.length;
      this.strings.push(value);
      this.indexOf.set(value, i);
    }
    return i + 1;
  }

  private grow(): void {
    const columns = new Uint32Array(this.columns.length * 2);
    columns.set(this.columns);
    this.columns = columns;
    const time = new Float64Array(this.time.length * 2);
    time.set(this.time);
    this.time = time;
  }
}

/** The buffers a postMessage of the packed facts may move instead of copy. */
export function factsTransferList(facts: PackedFacts): ArrayBuffer[] {
  return [facts.columns.buffer as ArrayBuffer, facts.time.buffer as ArrayBuffer];
}

/** Looks facts up by message id in packed facts: an object made per lookup (short-lived), none kept per message. */
export class FactsTable {
  private readonly at = new Map<string, number>();

  constructor(private readonly packed: PackedFacts) {
    for (const [n, id] of packed.ids.entries()) this.at.set(id, n);
  }

  get size(): number {
    return this.at.size;
  }

  get(messageID: string): MessageFacts | undefined {
    const n = this.at.get(messageID);
    return n === undefined ? undefined : this.facts(n);
  }

  /** Every message with an error (the only ones with a document of their own), in packed order. */
  *withErrors(): Iterable<[string, MessageFacts]> {
    const { ids, columns } = this.packed;
    for (let n = 0; n < ids.length; n++) if (columns[n * COLUMNS + 4] !== 0 && this.at.get(ids[n] ?? '') === n) yield [ids[n] ?? '', this.facts(n)];
  }

  private facts(n: number): MessageFacts {
    const { strings, columns, time } = this.packed;
    const at = n * COLUMNS;
    const str = (column: number): string | undefined => {
      const ref = columns[at + column] ?? 0;
      return ref === 0 ? undefined : strings[ref - 1];
    };
    const agent = str(2);
    const model = str(3);
    const error = str(4);
    return {
      sessionID: str(0) ?? '',
      role: str(1) as MessageFacts['role'],
      ...(agent !== undefined ? { agent } : {}),
      ...(model !== undefined ? { model } : {}),
      time: time[n] ?? 0,
      ...(error !== undefined ? { error } : {}),
    };
  }
}
