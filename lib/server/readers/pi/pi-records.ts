import 'server-only';
import type { ContextPart } from '@/lib/model/part';
import type { PiEntry } from './pi-schema';
import type { SessionBuilder } from './session-builder';

/** Entry types spec 001 defines that record what the client did, not conversation. */
const CLIENT_RECORDS = new Set(['compaction', 'branch_summary', 'custom', 'custom_message', 'label', 'ttsr_injection', 'session_init', 'mode_change']);

const MAX_SUMMARY = 200;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim().replace(/\s+/g, ' ') : undefined;
}

function clip(value: string): string {
  return value.length > MAX_SUMMARY ? `${value.slice(0, MAX_SUMMARY - 1)}…` : value;
}

/** One line saying what the record is, in the words of its own fields. */
export function describeRecord(entry: PiEntry): string {
  switch (entry.type) {
    case 'label':
      return text(entry.label) ? `Label: ${text(entry.label)}` : 'Label cleared';
    case 'session_init':
      return text(entry.agent) ? `Session started as ${text(entry.agent)}` : 'Session started';
    case 'mode_change':
      return `Mode: ${text(entry.mode) ?? 'none'}`;
    case 'branch_summary':
      return text(entry.summary) ? `Branch summary: ${text(entry.summary)}` : 'Branch summary';
    case 'custom':
      return text(entry.customType) ? `Extension data: ${text(entry.customType)}` : 'Extension data';
    case 'custom_message':
      return text(entry.customType) ? `Extension message: ${text(entry.customType)}` : 'Extension message';
    case 'compaction':
      return text(entry.firstKeptEntryId) ? `Context compacted; kept from entry ${text(entry.firstKeptEntryId)}` : 'Context compacted';
    case 'ttsr_injection':
      return 'Rules injected into the context';
    default:
      return entry.type;
  }
}

/** A record the client wrote (label, mode, branch summary, extension data…) as folded context; undefined for types the spec does not define. */
export function clientRecordPart(b: SessionBuilder, entry: PiEntry, time: number): ContextPart | undefined {
  if (!CLIENT_RECORDS.has(entry.type)) return undefined;
  return {
    id: `${b.sessionID}:${entry.id}:event`,
    messageID: '',
    sessionID: b.sessionID,
    type: 'context',
    kind: entry.type,
    summary: clip(describeRecord(entry)),
    size: Buffer.byteLength(JSON.stringify(entry)),
    time: { start: time },
  };
}
