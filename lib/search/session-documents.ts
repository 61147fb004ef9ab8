import { normaliseAgentName } from '@/lib/accounting/agent-name';
import { modelKey } from '@/lib/accounting/model-key';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { SessionInfo } from '@/lib/model/session';
import type { Todo } from '@/lib/model/todo';
import { cleanForIndex } from './marked-text';
import type { DocKind, SearchDoc } from './search-types';

/** How much of one field is indexed: the head and the tail of a long tool output are what people remember. */
export const FIELD_LIMITS: Record<'text' | 'input' | 'output', number> = { text: 16_000, input: 2_000, output: 4_000 };

/** A long field's head and tail (three quarters head), cleaned for the index. */
export function boundText(text: string, max: number): string {
  const clean = cleanForIndex(text);
  if (clean.length <= max) return clean;
  const head = Math.floor(max * 0.75);
  return `${clean.slice(0, head)}\n…\n${clean.slice(clean.length - (max - head))}`;
}

function inputText(input: Record<string, unknown>): string {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    fields.push(typeof value === 'string' ? `${key}: ${value}` : `${key}: ${JSON.stringify(value) ?? ''}`);
  }
  return fields.join('\n');
}

/** The searchable fields of one part: kind and text, in the order they appear. */
export function partFields(part: Part, role: MessageInfo['role']): { kind: DocKind; text: string; max: number }[] {
  switch (part.type) {
    case 'text':
      return [{ kind: role === 'user' ? 'prompt' : 'reply', text: part.text, max: FIELD_LIMITS.text }];
    case 'reasoning':
      return [{ kind: 'reasoning', text: part.text, max: FIELD_LIMITS.text }];
    case 'tool': {
      const head = [part.tool, part.title].filter(Boolean).join(' · ');
      const out = [part.output, part.error].filter((s): s is string => Boolean(s)).join('\n');
      return [
        { kind: 'tool-input', text: `${head}\n${inputText(part.input)}`, max: FIELD_LIMITS.input },
        ...(out ? [{ kind: 'tool-output' as const, text: out, max: FIELD_LIMITS.output }] : []),
      ];
    }
    case 'subtask':
      return [{ kind: 'tool-input', text: `${part.agent}: ${part.description}\n${part.prompt}`, max: FIELD_LIMITS.input }];
    case 'file':
      return [{ kind: 'file', text: [part.filename, part.sourcePath].filter(Boolean).join(' '), max: FIELD_LIMITS.input }];
    case 'patch':
      return [{ kind: 'file', text: part.files.join('\n'), max: FIELD_LIMITS.input }];
    case 'retry':
      return [{ kind: 'error', text: part.error, max: FIELD_LIMITS.input }];
    case 'agent':
      return [{ kind: 'other', text: part.name, max: FIELD_LIMITS.input }];
    case 'unknown':
      return [{ kind: 'other', text: JSON.stringify(part.raw) ?? '', max: FIELD_LIMITS.input }];
    default:
      return [];
  }
}

/** The message fields every document of a message carries (filters: role, agent, model, date). */
function messageFacets(message: MessageInfo): Pick<SearchDoc, 'role' | 'agent' | 'model' | 'time'> {
  return {
    role: message.role,
    agent: normaliseAgentName(message.agent ?? message.mode)?.key,
    model: modelKey(message),
    time: message.time.created,
  };
}

/** Documents of some messages' parts (parts of messages not given are left out). */
export function messageDocuments(messages: ReadonlyMap<string, MessageInfo>, parts: readonly Part[]): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const part of parts) {
    const message = messages.get(part.messageID);
    if (!message) continue;
    const facets = messageFacets(message);
    for (const field of partFields(part, message.role)) {
      const body = boundText(field.text, field.max).trim();
      if (!body) continue;
      docs.push({ sessionID: part.sessionID, messageID: part.messageID, partID: part.id, kind: field.kind, ...facets, time: part.time?.start ?? facets.time, body });
    }
  }
  for (const message of messages.values()) {
    if (!message.error) continue;
    const body = boundText(`${message.error.name}: ${message.error.message}`, FIELD_LIMITS.input);
    docs.push({ sessionID: message.sessionID, messageID: message.id, kind: 'error', ...messageFacets(message), body });
  }
  return docs;
}

/** Documents of a session's own fields: its title and its todo list. */
export function sessionDocuments(session: SessionInfo, todos: readonly Todo[]): SearchDoc[] {
  const docs: SearchDoc[] = [];
  const title = boundText(session.title, FIELD_LIMITS.input).trim();
  if (title) docs.push({ sessionID: session.id, kind: 'title', time: session.time.created, body: title });
  const items = todos.map((t) => t.content).filter(Boolean);
  if (items.length > 0) docs.push({ sessionID: session.id, kind: 'todo', time: session.time.created, body: boundText(items.join('\n'), FIELD_LIMITS.text) });
  return docs;
}
