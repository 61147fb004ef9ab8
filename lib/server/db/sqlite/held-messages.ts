import 'server-only';
import { sql } from 'kysely';
import type { MessageInfo } from '@/lib/model/message';
import { tailMessageIds } from '@/lib/model/tail-messages';
import { queryBuilder } from '../builders';
import { messageOfRow, type MessageRow } from '../ingest/rows';
import { partMetaOfRow, type PartMetaRow } from '../ingest/part-extra';
import type { PartMeta } from '@/lib/model/part-meta';
import type { SqliteSessionDb } from './sqlite-session-db';
import type { PriceResolver } from '@/lib/pricing/price-types';
import type { SessionTally } from '@/lib/sessions/session-figures';
import { sessionTallies } from '../queries/session-tallies';

const k = queryBuilder('sqlite');
const MESSAGE_COLUMNS = ['id', 'session_id', 'role', 'created', 'completed', 'provider_id', 'model_id', 'agent', 'cost', 'cost_unrecorded', 'input', 'output', 'reasoning', 'cache_read', 'cache_write', 'ttft', 'info'] as const;

// In the order the source gave them: a row keeps its rowid when written again, as a message kept its place in memory.
const messagesOfSession = k.selectFrom('message').select(MESSAGE_COLUMNS).where('source_id', '=', 0).where('session_id', '=', '').orderBy(sql`rowid`).compile();
// The newest by creation time, ties in the order the source gave them (as tailMessageIds picks them).
const newestIdsOfSession = k.selectFrom('message').select('id').where('source_id', '=', 0).where('session_id', '=', '').orderBy('created', 'desc').orderBy(sql`rowid`).limit(1).compile();
const idsOfSession = k.selectFrom('message').select('id').where('source_id', '=', 0).where('session_id', '=', '').compile();
// Messages' parts (`ids`: a JSON array; a build of every session's summary asks for their newest at
// once), in the order they were written, as the store's memory kept them.
const partsOfMessages = sql<PartMetaRow>`select id, session_id, message_id, type, tool, status, rejected, created, ended, extra from part
  where source_id = ${0} and message_id in (select value from json_each(${'[]'})) order by rowid`.compile(k);
const countOfSource = k.selectFrom('message').select((eb) => eb.fn.countAll().as('n')).where('source_id', '=', 0).compile();

/** Messages whose parts one query of `partsOfMany` reads. */
const PARTS_BATCH = 1_000;

/** Sessions whose messages are kept read: a page, a status and the search ask for the same session several times in a row. */
const KEPT_SESSIONS = 64;

/**
 * One source's messages as the session database holds them, read when asked (what the store once
 * kept in memory for the whole history). The writer says what it changed (`forget`, `adjustCount`),
 * so a few sessions' messages and the count are kept between changes.
 */
export class HeldMessagesOfSource {
  private readonly kept = new Map<string, readonly MessageInfo[]>();
  private counted: number | undefined;

  constructor(
    private readonly db: () => SqliteSessionDb | undefined,
    private readonly sourceId: () => number | undefined,
  ) {}

  of(sessionID: string): readonly MessageInfo[] {
    const kept = this.kept.get(sessionID);
    if (kept) {
      // Most recently used last: the oldest is the first to go.
      this.kept.delete(sessionID);
      this.kept.set(sessionID, kept);
      return kept;
    }
    const db = this.db();
    const sourceId = this.sourceId();
    if (!db || sourceId === undefined) return [];
    const messages = db.all<MessageRow>(messagesOfSession, [sourceId, sessionID]).map(messageOfRow);
    this.kept.set(sessionID, messages);
    if (this.kept.size > KEPT_SESSIONS) this.kept.delete(this.kept.keys().next().value as string);
    return messages;
  }

  /** Every session's tally (what its figures are made of), summed by the database: no message is read. */
  tallies(prices: PriceResolver): Map<string, SessionTally> {
    const db = this.db();
    const sourceId = this.sourceId();
    return db && sourceId !== undefined ? sessionTallies(db, sourceId, prices) : new Map();
  }

  /** One session's tally, summed as `tallies` sums every session's (undefined: it has no message). */
  tallyOf(sessionID: string, prices: PriceResolver): SessionTally | undefined {
    const db = this.db();
    const sourceId = this.sourceId();
    return db && sourceId !== undefined ? sessionTallies(db, sourceId, prices, sessionID).get(sessionID) : undefined;
  }

  /** Ids of the session's messages, without reading them. */
  idsOf(sessionID: string): string[] {
    const kept = this.kept.get(sessionID);
    if (kept) return kept.map((m) => m.id);
    const db = this.db();
    const sourceId = this.sourceId();
    if (!db || sourceId === undefined) return [];
    return db.all<{ id: string }>(idsOfSession, [sourceId, sessionID]).map((r) => r.id);
  }

  /** Ids of the session's newest messages (see TAIL_MESSAGES_PER_SESSION), without reading the messages. */
  newestIds(sessionID: string, count: number): Set<string> {
    const kept = this.kept.get(sessionID);
    if (kept) return tailMessageIds(kept, count);
    const db = this.db();
    const sourceId = this.sourceId();
    if (!db || sourceId === undefined) return new Set();
    return new Set(db.all<{ id: string }>(newestIdsOfSession, [sourceId, sessionID, count]).map((r) => r.id));
  }

  /**
   * A message's parts as the database holds them (every part the store took in is written there
   * first); undefined while no database answers.
   */
  partsOf(messageID: string): PartMeta[] | undefined {
    return this.partsOfMany([messageID])?.get(messageID);
  }

  /** The parts of many messages (`partsOf` for each; undefined while no database answers). */
  partsOfMany(messageIDs: readonly string[]): Map<string, PartMeta[]> | undefined {
    const db = this.db();
    const sourceId = this.sourceId();
    if (!db || sourceId === undefined) return undefined;
    const out = new Map<string, PartMeta[]>(messageIDs.map((id) => [id, []]));
    for (let start = 0; start < messageIDs.length; start += PARTS_BATCH) {
      for (const row of db.all<PartMetaRow>(partsOfMessages, [sourceId, JSON.stringify(messageIDs.slice(start, start + PARTS_BATCH))])) out.get(row.message_id)?.push(partMetaOfRow(row));
    }
    return out;
  }

  count(): number {
    if (this.counted === undefined) {
      const db = this.db();
      const sourceId = this.sourceId();
      this.counted = db && sourceId !== undefined ? Number(db.value(countOfSource, [sourceId]) ?? 0) : 0;
    }
    return this.counted;
  }

  /** The sessions' messages changed: read them again when asked. */
  forget(sessionIDs: Iterable<string>): void {
    if (this.kept.size === 0) return;
    for (const id of sessionIDs) this.kept.delete(id);
  }

  /** Messages were added (positive) or removed; undefined: count them again when asked. */
  adjustCount(delta: number | undefined): void {
    if (delta === undefined) this.counted = undefined;
    else if (this.counted !== undefined) this.counted += delta;
  }

  /** Everything may have changed (the database was replaced, a sweep ran). */
  reset(): void {
    this.kept.clear();
    this.counted = undefined;
  }
}
