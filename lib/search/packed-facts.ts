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
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const ref = (value: string): number => {
    let i = indexOf.get(value);
    if (i === undefined) {
      i = strings.length;
      strings.push(value);
      indexOf.set(value, i);
    }
    return i + 1;
  };
  const columns = new Uint32Array(entries.length * COLUMNS);
  const time = new Float64Array(entries.length);
  const ids: string[] = new Array<string>(entries.length);
  for (const [n, [id, f]] of entries.entries()) {
    ids[n] = id;
    const at = n * COLUMNS;
    columns[at] = ref(f.sessionID);
    columns[at + 1] = ref(f.role);
    columns[at + 2] = f.agent === undefined ? 0 : ref(f.agent);
    columns[at + 3] = f.model === undefined ? 0 : ref(f.model);
    columns[at + 4] = f.error === undefined ? 0 : ref(f.error);
    time[n] = f.time;
  }
  return { ids, strings, columns, time };
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
