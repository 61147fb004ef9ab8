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

/** How much of a long field is indexed: its first `head` characters and its last `tail`. */
export interface FieldCut {
  head: number;
  tail: number;
}

/**
 * What a person searches a history for is what was said (prompts, replies, reasoning: kept nearly
 * whole) and, of a tool call, the command, path or pattern it was given and the start of what came
 * back, or the last lines of a long log; rarely the middle of a file dump. Tool outputs and inputs
 * are most of a history's text, and FTS5's inserts cost by the text (25-35 MB/s here): on the
 * 5,000-session corpus, outputs cut to 2,000 characters were 184 MB of 303 MB indexed. So an output
 * is indexed by its first 600 characters and its last 200, an input by its first 400 (the tool's
 * name and title come first); the rest is not searchable, on purpose (README "What is searchable").
 */
export const FIELD_CUTS = {
  text: { head: 12_000, tail: 4_000 },
  toolInput: { head: 400, tail: 0 },
  toolOutput: { head: 600, tail: 200 },
  /** Titles, errors, file names and lists, subtask prompts: short, kept as they were. */
  short: { head: 1_500, tail: 500 },
} as const satisfies Record<string, FieldCut>;

/**
 * A long field's head and tail, cleaned for the index. Cut before it is cleaned (cleaning keeps the
 * length): a 1 MB output costs its kept characters, not a pass over it.
 */
export function boundText(text: string, cut: FieldCut): string {
  if (text.length <= cut.head + cut.tail) return cleanForIndex(text);
  const head = text.slice(0, cut.head);
  return cleanForIndex(cut.tail > 0 ? `${head}\n…\n${text.slice(text.length - cut.tail)}` : head);
}

function inputText(input: Record<string, unknown>): string {
  const fields: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    fields.push(typeof value === 'string' ? `${key}: ${value}` : `${key}: ${JSON.stringify(value) ?? ''}`);
  }
  return fields.join('\n');
}

/** The searchable fields of one part: kind and text, in the order they appear. */
export function partFields(part: Part, role: MessageInfo['role']): { kind: DocKind; text: string; cut: FieldCut }[] {
  switch (part.type) {
    case 'text':
      return [{ kind: role === 'user' ? 'prompt' : 'reply', text: part.text, cut: FIELD_CUTS.text }];
    case 'reasoning':
      return [{ kind: 'reasoning', text: part.text, cut: FIELD_CUTS.text }];
    case 'tool': {
      const head = [part.tool, part.title].filter(Boolean).join(' · ');
      const out = [part.output, part.error].filter((s): s is string => Boolean(s)).join('\n');
      return [
        { kind: 'tool-input', text: `${head}\n${inputText(part.input)}`, cut: FIELD_CUTS.toolInput },
        ...(out ? [{ kind: 'tool-output' as const, text: out, cut: FIELD_CUTS.toolOutput }] : []),
      ];
    }
    case 'subtask':
      return [{ kind: 'tool-input', text: `${part.agent}: ${part.description}\n${part.prompt}`, cut: FIELD_CUTS.short }];
    case 'file':
      return [{ kind: 'file', text: [part.filename, part.sourcePath].filter(Boolean).join(' '), cut: FIELD_CUTS.short }];
    case 'patch':
      return [{ kind: 'file', text: part.files.join('\n'), cut: FIELD_CUTS.short }];
    case 'retry':
      return [{ kind: 'error', text: part.error, cut: FIELD_CUTS.short }];
    case 'agent':
      return [{ kind: 'other', text: part.name, cut: FIELD_CUTS.short }];
    case 'unknown':
      return [{ kind: 'other', text: JSON.stringify(part.raw) ?? '', cut: FIELD_CUTS.short }];
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
    const body = boundText(field.text, field.cut).trim();
    if (!body) continue;
    into.push({ sessionID: part.sessionID, messageID: part.messageID, partID: part.id, kind: field.kind, role: facts.role, agent: facts.agent, model: facts.model, time: part.time?.start ?? facts.time, body });
  }
}

/** The document of a message's error (none without one). */
export function errorDocument(messageID: string, facts: MessageFacts, into: SearchDoc[]): void {
  if (facts.error === undefined) return;
  into.push({ sessionID: facts.sessionID, messageID, kind: 'error', role: facts.role, agent: facts.agent, model: facts.model, time: facts.time, body: boundText(facts.error, FIELD_CUTS.short) });
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
  return { sessionID: `${PLAN_ID_PREFIX}${plan.key}`, kind: 'plan', time: plan.updatedAt ?? plan.work?.startedAt ?? 0, body: boundText([plan.planName, ...items].join('\n'), FIELD_CUTS.text) };
}

/** Documents of a session's own fields: its title and its todo list. */
export function sessionDocuments(session: Pick<SessionInfo, 'id' | 'title'> & { time: Pick<SessionInfo['time'], 'created'> }, todos: readonly Pick<Todo, 'content'>[]): SearchDoc[] {
  const docs: SearchDoc[] = [];
  const title = boundText(session.title, FIELD_CUTS.short).trim();
  if (title) docs.push({ sessionID: session.id, kind: 'title', time: session.time.created, body: title });
  const items = todos.map((t) => t.content).filter(Boolean);
  if (items.length > 0) docs.push({ sessionID: session.id, kind: 'todo', time: session.time.created, body: boundText(items.join('\n'), FIELD_CUTS.text) });
  return docs;
}
