import 'server-only';
import type { ContextPart } from '@/lib/model/part';
import type { PiEntry } from './pi-schema';
import type { SessionBuilder } from './session-builder';

/** Entry types spec 001 defines that record what the client did, not conversation. */
const CLIENT_RECORDS = new Set([
  'compaction',
  'branch_summary',
  'custom',
  'custom_message',
  'label',
  'ttsr_injection',
  'session_init',
  'mode_change',
  // Written by oh-my-pi 18.3.4 (FORMATS.md)
  'title_change',
  'service_tier_change',
  'reset_boundary',
  'credential_pin',
]);

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
      if (isSessionExit(entry)) return `Session ended${exitDetail(entry)}`;
      return text(entry.customType) ? `Extension data: ${text(entry.customType)}` : 'Extension data';
    case 'custom_message':
      return text(entry.customType) ? `Extension message: ${text(entry.customType)}` : 'Extension message';
    case 'compaction':
      return compactionSummary(entry);
    case 'title_change':
      return text(entry.title) ? `Renamed to "${text(entry.title)}"${text(entry.source) === 'auto' ? ' (automatic title)' : ''}` : 'Title cleared';
    case 'service_tier_change':
      return `Service tier: ${text(entry.serviceTier) ?? text(entry.tier) ?? 'default'}`;
    case 'reset_boundary':
      return 'Conversation reset: the context starts again here';
    case 'credential_pin':
      // Which credential is pinned is none of the page's business: only that it happened.
      return 'Credential pinned for this session';
    case 'ttsr_injection':
      return 'Rules injected into the context';
    default:
      return entry.type;
  }
}

/** oh-my-pi's last line of a session that ended (a subagent that yielded, a closed TUI). */
export function isSessionExit(entry: PiEntry): boolean {
  return entry.type === 'custom' && entry.customType === 'session_exit';
}

function exitDetail(entry: PiEntry): string {
  const data = entry.data as { reason?: unknown; kind?: unknown } | undefined;
  const words = [text(data?.kind), text(data?.reason)].filter(Boolean);
  return words.length > 0 ? ` (${words.join(', ')})` : '';
}

function compactionSummary(entry: PiEntry): string {
  const method = text(entry.method);
  const after = typeof entry.tokensAfter === 'number' ? `; ${entry.tokensAfter} tokens after` : '';
  const kept = text(entry.firstKeptEntryId) ? `; kept from entry ${text(entry.firstKeptEntryId)}` : '';
  return `Context compacted${method ? ` (${method})` : ''}${after}${kept}`;
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
