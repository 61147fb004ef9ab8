import 'server-only';
import type { Part, ToolStatus } from '@/lib/model/part';
import type { Row } from '../readers/opencode/sqlite/sqlite-queries';

/*
 * The search build's reading of OpenCode's part rows. Text, reasoning and tool parts (nearly every
 * byte of a history) are taken straight from the parsed record: only the fields the index reads
 * (partFields), checked for their type, without the reader's full validation of every field,
 * which was most of a cold build's reading time. A record of another shape, or of another type,
 * goes the reader's way (partsOfRows: the same part, or an issue); steps carry no text and are
 * skipped.
 */

const STATUSES: ReadonlySet<string> = new Set<ToolStatus>(['pending', 'running', 'completed', 'error']);
const WITHOUT_TEXT: ReadonlySet<string> = new Set(['step-start', 'step-finish', 'snapshot', 'compaction']);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = <T>(v: unknown, is: (v: unknown) => v is T): T | undefined | false => (v === undefined || v === null ? undefined : is(v) ? v : false);
const isString = (v: unknown): v is string => typeof v === 'string';
const isNumber = (v: unknown): v is number => typeof v === 'number';

/**
 * The part of a row as the index needs it; `null` for a part without text (nothing to index),
 * `undefined` when the row is for the reader's path (another type, or not of the expected shape).
 */
export function searchablePart(row: Row): Part | null | undefined {
  const { id, message_id: messageID, session_id: sessionID, data } = row;
  if (!isString(id) || !isString(messageID) || !isString(sessionID) || !id || !messageID || !sessionID || !isString(data)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  if (!isObject(value) || !isString(value.type)) return undefined;
  const common = { id, messageID, sessionID };
  // The time as partsOfRows gives it: the record's start (or creation), else the row's.
  const rowTime = isNumber(row.time_created) ? row.time_created : undefined;
  if (WITHOUT_TEXT.has(value.type)) return null;
  if (value.type === 'text' || value.type === 'reasoning') {
    const time = optional(value.time, isObject);
    if (time === false) return undefined;
    const start = time && (isNumber(time.start) ? time.start : isNumber(time.created) ? time.created : undefined);
    const text = isString(value.text) ? value.text : '';
    const at = start ?? rowTime;
    return { ...common, type: value.type, text, ...(at === undefined ? {} : { time: { start: at } }) };
  }
  if (value.type !== 'tool' || !isString(value.tool) || !isObject(value.state)) return undefined;
  const state = value.state;
  const input = optional(state.input, isObject);
  const title = optional(state.title, isString);
  const output = optional(state.output, isString);
  const error = optional(state.error, isString);
  const time = optional(state.time, isObject);
  if (!isString(state.status) || !STATUSES.has(state.status) || input === false || title === false || output === false || error === false || time === false) return undefined;
  const start = time && isNumber(time.start) ? time.start : rowTime;
  return {
    ...common,
    type: 'tool',
    callID: '',
    tool: value.tool,
    status: state.status as ToolStatus,
    input: input ?? {},
    ...(title === undefined ? {} : { title }),
    ...(output === undefined ? {} : { output }),
    ...(error === undefined ? {} : { error }),
    ...(start === undefined ? {} : { time: { start } }),
  };
}
