import 'server-only';
import type { ChangeSet, GonePart } from '../../readers/read-result';
import { queryBuilder } from '../builders';
import type { SqliteSessionDb } from '../sqlite/sqlite-session-db';

const k = queryBuilder('sqlite');
const partById = k.selectFrom('part').select(['session_id', 'message_id', 'type']).where('source_id', '=', 0).where('id', '=', '').compile();
const partsOfSession = k.selectFrom('part').select(['id', 'session_id', 'message_id', 'type']).where('source_id', '=', 0).where('session_id', '=', '').compile();

interface Row {
  id?: string;
  session_id: string;
  message_id: string;
  type: string;
}

const gonePart = (row: Row): GonePart => ({ sessionID: row.session_id, messageID: row.message_id, type: row.type });

/**
 * The parts a change removes as the session database holds them (it holds every part a read brought:
 * the newest messages' and every tool call): those it names, and those a session's full list lacks.
 */
export function partsGoneFrom(db: SqliteSessionDb, sourceId: number, changes: ChangeSet): GonePart[] {
  const gone: GonePart[] = [];
  for (const id of changes.removed.parts) {
    const row = db.all<Row>(partById, [sourceId, id])[0];
    if (row) gone.push(gonePart(row));
  }
  for (const { sessionID, partIDs } of changes.listedParts) {
    const listed = new Set(partIDs);
    for (const row of db.all<Row>(partsOfSession, [sourceId, sessionID])) if (row.id !== undefined && !listed.has(row.id)) gone.push(gonePart(row));
  }
  return gone;
}
