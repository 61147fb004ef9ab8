import 'server-only';
import type Database from 'better-sqlite3';
import { PROJECT_COLUMNS, SESSION_COLUMNS } from './sqlite-rows';
import { selectList, type SchemaInfo } from './schema-info';

/** Tool outputs and texts can be megabytes: the index never transfers them. */
const PART_META_DATA_EXPR =
  // json_remove raises on malformed JSON, failing the whole query: such a row passes through as is
  // and becomes an issue of its own.
  "CASE WHEN json_valid(data) THEN json_remove(data, '$.text', '$.state.output', '$.state.metadata', '$.state.raw', '$.state.input.content', '$.state.input.oldString', '$.state.input.newString', '$.state.attachments', '$.metadata') ELSE data END";
const PART_META_DATA = `${PART_META_DATA_EXPR} AS data`;

/** A part's type; NULL where its data is not JSON (json_extract would fail the whole query). */
const PART_TYPE = "CASE WHEN json_valid(data) THEN json_extract(data, '$.type') END";
/** The times an output part records, for its reply's time to first token (../first-output.ts). */
const OUTPUT_TIMES = "json_extract(data, '$.time.start') AS own_start, json_extract(data, '$.state.time.start') AS run_start";
const OUTPUT_TYPES = "('text', 'reasoning', 'tool')";

export type Row = Record<string, unknown>;

/** Prepared statements for one connection; columns that this schema lacks read as NULL. */
export function prepareQueries(db: Database.Database, info: SchemaInfo) {
  const sessionCols = selectList(info, 'session', SESSION_COLUMNS);
  const has = (table: string): boolean => info.tables.has(table);
  const stmt = (sql: string) => db.prepare(sql);
  // Never require a column newer than OpenCode 1.2: fall back to creation time where `time_updated` is absent.
  const updated = (table: string): string => (info.columns(table).has('time_updated') ? 'time_updated' : 'time_created');
  const PART_META_ROW = `rowid AS _rowid, id, message_id, session_id, time_created, ${updated('part')} AS _updated`;
  const PART_META = `${PART_META_ROW}, ${PART_META_DATA}`;
  const MESSAGE = `rowid AS _rowid, id, session_id, time_created, ${updated('message')} AS _updated, data`;
  return {
    projects: has('project') ? stmt(`SELECT ${selectList(info, 'project', PROJECT_COLUMNS)} FROM project`) : undefined,
    sessions: stmt(`SELECT ${sessionCols} FROM session`),
    sessionsUpdatedSince: stmt(`SELECT ${sessionCols} FROM session WHERE ${updated('session')} >= ?`),
    sessionIds: stmt('SELECT id FROM session'),
    sessionCount: stmt('SELECT count(*) AS n FROM session').pluck(),
    messages: stmt(`SELECT ${MESSAGE} FROM message`),
    messagesAfterRowid: stmt(`SELECT ${MESSAGE} FROM message WHERE rowid > ?`),
    messagesPage: stmt(`SELECT ${MESSAGE} FROM message WHERE rowid > ? ORDER BY rowid LIMIT ?`),
    sessionMessagesUpdatedSince: stmt(`SELECT ${MESSAGE} FROM message WHERE session_id = ? AND ${updated('message')} >= ?`),
    sessionMessageIds: stmt('SELECT id FROM message WHERE session_id = ?').pluck(),
    partsOfMessage: stmt(`SELECT ${PART_META} FROM part WHERE message_id = ?`),
    partsAfterRowid: stmt(`SELECT ${PART_META} FROM part WHERE rowid > ?`),
    sessionPartsUpdatedSince: stmt(`SELECT ${PART_META} FROM part WHERE session_id = ? AND ${updated('part')} >= ?`),
    // An active session's recent parts by version alone: their data (json_remove of every row in the
    // window, at each change) is read only for those that changed (`partById`).
    sessionPartVersionsSince: stmt(`SELECT id, ${updated('part')} AS _updated FROM part WHERE session_id = ? AND ${updated('part')} >= ?`),
    partById: stmt(`SELECT ${PART_META} FROM part WHERE id = ?`),
    // Output parts in a rowid range, by page, in one pass over the data: every tool call (the session
    // database counts them; the rest of a text's or reasoning's data never leaves SQLite) and every
    // output part's times. SQLite checks the type.
    outputPartsPage: stmt(
      `SELECT ${PART_META_ROW}, ${PART_TYPE} AS type, CASE WHEN ${PART_TYPE} = 'tool' THEN ${PART_META_DATA_EXPR} END AS data, ${OUTPUT_TIMES} FROM part WHERE rowid > ? AND rowid <= ? AND ${PART_TYPE} IN ${OUTPUT_TYPES} ORDER BY rowid LIMIT ?`,
    ),
    outputTimesOfMessage: stmt(`SELECT message_id, time_created, ${PART_TYPE} AS type, ${OUTPUT_TIMES} FROM part WHERE message_id = ? AND ${PART_TYPE} IN ${OUTPUT_TYPES}`),
    maxPartRowid: stmt('SELECT coalesce(max(rowid), 0) AS n FROM part').pluck(),
    maxMessageRowid: stmt('SELECT coalesce(max(rowid), 0) AS n FROM message').pluck(),
    // What a resume mark checks its rowids by (a table rebuilt, as a migration may, numbers its rows
    // anew in new pages), and how much it would read.
    tableRoots: stmt("SELECT name, rootpage FROM sqlite_master WHERE type = 'table' AND name IN ('message', 'part') ORDER BY name"),
    // The rows a cursor remembers below its rowids (see rowid-tail.ts).
    messageNewestAtOrBelow: stmt('SELECT rowid AS rowid, id FROM message WHERE rowid <= ? ORDER BY rowid DESC LIMIT ?'),
    messageAtOrBelow: stmt('SELECT rowid AS rowid, id FROM message WHERE rowid <= ? ORDER BY rowid DESC LIMIT 1'),
    messageIdAt: stmt('SELECT id FROM message WHERE rowid = ?').pluck(),
    partNewestAtOrBelow: stmt('SELECT rowid AS rowid, id FROM part WHERE rowid <= ? ORDER BY rowid DESC LIMIT ?'),
    partAtOrBelow: stmt('SELECT rowid AS rowid, id FROM part WHERE rowid <= ? ORDER BY rowid DESC LIMIT 1'),
    partIdAt: stmt('SELECT id FROM part WHERE rowid = ?').pluck(),
    messageCountAfterRowid: stmt('SELECT count(*) AS n FROM message WHERE rowid > ?').pluck(),
    partCountAfterRowid: stmt('SELECT count(*) AS n FROM part WHERE rowid > ?').pluck(),
    fullPartsOfSession: stmt('SELECT id, message_id, session_id, time_created, data FROM part WHERE session_id = ?'),
    // By message id alone: with the session too, SQLite may pick the session index and scan all its parts.
    fullPartsOfMessage: stmt('SELECT id, message_id, session_id, time_created, data FROM part WHERE message_id = ?'),
    // Parts of the session's messages (a deleted message's parts can stay behind).
    partIdsOfSession: stmt('SELECT id FROM part WHERE session_id = @sid AND message_id IN (SELECT id FROM message WHERE session_id = @sid)').pluck(),
    // SQLite checks the type; only step-finish rows (small) come out, whole.
    stepPartsOfSession: stmt(
      "SELECT id, message_id, session_id, time_created, data FROM part WHERE session_id = @sid AND message_id IN (SELECT id FROM message WHERE session_id = @sid) AND (NOT json_valid(data) OR json_extract(data, '$.type') = 'step-finish')",
    ),
    partCountOfSession: stmt('SELECT count(*) AS n FROM part WHERE session_id = ?').pluck(),
    allPartIdsOfSession: stmt('SELECT id FROM part WHERE session_id = ?').pluck(),
    messageCountOfSession: stmt('SELECT count(*) AS n FROM message WHERE session_id = ?').pluck(),
    todos:
      has('todo') && info.columns('todo').has('session_id')
        ? stmt(`SELECT ${selectList(info, 'todo', ['content', 'status', 'priority', 'position'])} FROM todo WHERE session_id = ? ORDER BY position`)
        : undefined,
  };
}

export type Queries = ReturnType<typeof prepareQueries>;
