import { normaliseAgentName } from '@/lib/accounting/agent-name';
import { modelKey } from '@/lib/accounting/model-key';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { SessionInfo } from '@/lib/model/session';
import type { Todo } from '@/lib/model/todo';
import type { PlanView } from '@/lib/plans/plan-work';
import { cleanForIndex } from './marked-text';
import { PLAN_ID_PREFIX } from './search-links';
import type { DocKind, SearchDoc } from './search-types';

/**
 * How much of one field is indexed: the head and the tail of a long tool output are what people
 * remember. Tool outputs are most of a history's text (259 of 380 MB indexed at 4,000 characters,
 * on the 5,000-session corpus): at 2,000 they are 184 MB, and the index and its build shrink with them.
 */
export const FIELD_LIMITS: Record<'text' | 'input' | 'output', number> = { text: 16_000, input: 2_000, output: 2_000 };

/**
 * A long field's head and tail (three quarters head), cleaned for the index. Cut before it is
 * cleaned (cleaning keeps the length): a 1 MB output costs its kept characters, not a pass over it.
 */
export function boundText(text: string, max: number): string {
  if (text.length <= max) return cleanForIndex(text);
  const head = Math.floor(max * 0.75);
  return cleanForIndex(`${text.slice(0, head)}\n…\n${text.slice(text.length - (max - head))}`);
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

/** What the documents of a message carry of it (filters: role, agent, model, date), and its error. */
export interface MessageFacts {
  sessionID: string;
  role: MessageInfo['role'];
  agent?: string;
  model?: string;
  time: number;
  /** `name: message` of the message's error, if it has one. */
  error?: string;
}

export function messageFacts(message: MessageInfo): MessageFacts {
  const agent = normaliseAgentName(message.agent ?? message.mode)?.key;
  const model = modelKey(message);
  return {
    sessionID: message.sessionID,
    role: message.role,
    ...(agent ? { agent } : {}),
    ...(model ? { model } : {}),
    time: message.time.created,
    ...(message.error ? { error: `${message.error.name}: ${message.error.message}` } : {}),
  };
}

/** The documents of one part of a message. */
export function partDocuments(part: Part, facts: MessageFacts, into: SearchDoc[]): void {
  for (const field of partFields(part, facts.role)) {
    const body = boundText(field.text, field.max).trim();
    if (!body) continue;
    into.push({ sessionID: part.sessionID, messageID: part.messageID, partID: part.id, kind: field.kind, role: facts.role, agent: facts.agent, model: facts.model, time: part.time?.start ?? facts.time, body });
  }
}

/** The document of a message's error (none without one). */
export function errorDocument(messageID: string, facts: MessageFacts, into: SearchDoc[]): void {
  if (facts.error === undefined) return;
  into.push({ sessionID: facts.sessionID, messageID, kind: 'error', role: facts.role, agent: facts.agent, model: facts.model, time: facts.time, body: boundText(facts.error, FIELD_LIMITS.input) });
}

/** Documents of some messages' parts (parts of messages not given are left out). */
export function messageDocuments(messages: ReadonlyMap<string, MessageFacts>, parts: readonly Part[]): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const part of parts) {
    const facts = messages.get(part.messageID);
    if (facts) partDocuments(part, facts, docs);
  }
  for (const [id, facts] of messages) errorDocument(id, facts, docs);
  return docs;
}

/** A plan's document: its name and every checklist item (`plan:<key>`; the plan is its "session"). */
export function planDocument(plan: Pick<PlanView, 'key' | 'planName' | 'progress' | 'updatedAt' | 'work'>): SearchDoc | undefined {
  const items = plan.progress?.items.map((item) => item.text).filter(Boolean) ?? [];
  if (items.length === 0) return undefined;
  return { sessionID: `${PLAN_ID_PREFIX}${plan.key}`, kind: 'plan', time: plan.updatedAt ?? plan.work?.startedAt ?? 0, body: boundText([plan.planName, ...items].join('\n'), FIELD_LIMITS.text) };
}

/** Documents of a session's own fields: its title and its todo list. */
export function sessionDocuments(session: Pick<SessionInfo, 'id' | 'title'> & { time: Pick<SessionInfo['time'], 'created'> }, todos: readonly Pick<Todo, 'content'>[]): SearchDoc[] {
  const docs: SearchDoc[] = [];
  const title = boundText(session.title, FIELD_LIMITS.input).trim();
  if (title) docs.push({ sessionID: session.id, kind: 'title', time: session.time.created, body: title });
  const items = todos.map((t) => t.content).filter(Boolean);
  if (items.length > 0) docs.push({ sessionID: session.id, kind: 'todo', time: session.time.created, body: boundText(items.join('\n'), FIELD_LIMITS.text) });
  return docs;
}
