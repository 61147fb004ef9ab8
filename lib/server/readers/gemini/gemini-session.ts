import 'server-only';
import { appendAll } from '@/lib/arrays/append-all';
import path from 'node:path';
import type { MessageInfo } from '@/lib/model/message';
import type { Part, StepFinishPart } from '@/lib/model/part';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import { emptyTokens, type TokenCounts } from '@/lib/model/tokens';
import type { FileSession } from '../pi/file-index';
import { contentText, contextPart, hasFunctionResponse, reasoningPart, textPart, toolPart } from './gemini-parts';
import type { FoldedChat } from './gemini-records';
import type { GeminiMessage } from './gemini-schema';

export interface GeminiContext {
  path: string;
  /** The working directory (`.project_root`, `projects.json`), else the project folder's name. */
  directory: string;
  /** A subagent's parent session id (its folder's name). */
  parentID?: string;
  mtime?: number;
}

/** The harness's first message: the same id in every session, and no prompt. */
const SESSION_CONTEXT_ID = 'd04923d38bb0f6017037e74183378ef4';
const TITLE_MAX = 100;

/** Gemini's usage -> tokens as billed: `input` includes `cached`; tool-use prompt tokens are input too; thoughts apart. */
function tokensOf(t: NonNullable<GeminiMessage['tokens']>): TokenCounts {
  const input = t.input ?? 0;
  const cached = t.cached ?? 0;
  return { ...emptyTokens(), input: Math.max(0, input - cached) + (t.tool ?? 0), cacheRead: cached, output: t.output ?? 0, reasoning: t.thoughts ?? 0 };
}

function isSessionContext(m: GeminiMessage, text: string): boolean {
  return m.id === SESSION_CONTEXT_ID || text.trimStart().startsWith('<session_context>');
}

/** A folded chat -> domain records; undefined while it has no header yet. */
export function mapGeminiChat(chat: FoldedChat, ctx: GeminiContext): FileSession | undefined {
  const sessionID = chat.sessionID;
  if (!sessionID) return undefined;
  const created = chat.started ?? chat.messages[0]?.time ?? ctx.mtime ?? 0;
  const messages: MessageInfo[] = [];
  const parts: Part[] = [];
  let pending: Part[] = [];
  let lastUser: MessageInfo | undefined;
  let now = created;
  let updated = Math.max(created, chat.lastUpdated ?? 0);
  const add = (info: MessageInfo, own: Part[]): void => {
    messages.push(info);
    appendAll(parts, [...pending, ...own].map((p) => ({ ...p, messageID: info.id })));
    pending = [];
  };
  for (const { message: m, time: at } of chat.messages) {
    const time = at ?? now;
    now = time;
    updated = Math.max(updated, time);
    const id = `${sessionID}:${m.id}`;
    const site = { sessionID, messageID: id, idBase: id, time };
    const text = contentText(m.content);
    if (m.type === 'user') {
      if (isSessionContext(m, text)) pending.push(contextPart(site, 'session_context', text, text.length));
      // Tool results: their calls carry them (`toolCalls[].result`).
      else if (!text.trim() && hasFunctionResponse(m.content)) continue;
      else {
        lastUser = { id, sessionID, role: 'user', time: { created: time }, cost: 0, tokens: emptyTokens() };
        add(lastUser, [textPart(site, text)]);
      }
      continue;
    }
    if (m.type === 'gemini') {
      const tokens = m.tokens ? tokensOf(m.tokens) : emptyTokens();
      const calls = m.toolCalls ?? [];
      const finish = calls.length > 0 ? 'tool-calls' : 'stop';
      const info: MessageInfo = {
        id,
        sessionID,
        role: 'assistant',
        time: { created: time, completed: time },
        // Gemini CLI records tokens, never a price.
        cost: 0,
        costUnrecorded: true,
        tokens,
        providerID: 'google',
        ...(m.model ? { modelID: m.model } : {}),
        ...(lastUser ? { parentID: lastUser.id } : {}),
        finish,
      };
      const reasoning = m.thoughts ? reasoningPart(site, m.thoughts) : undefined;
      const own: Part[] = [...(reasoning ? [reasoning] : []), ...(text ? [textPart(site, text)] : []), ...calls.map((c, i) => toolPart(site, c, i))];
      if (m.tokens) {
        const step: StepFinishPart = { id: `${id}:z-finish`, messageID: id, sessionID, type: 'step-finish', time: { start: time }, reason: finish, cost: 0, tokens };
        own.push(step);
      }
      add(info, own);
      continue;
    }
    if (m.type === 'error') {
      add({ id, sessionID, role: 'assistant', time: { created: time, completed: time }, cost: 0, costUnrecorded: true, tokens: emptyTokens(), providerID: 'google', ...(lastUser ? { parentID: lastUser.id } : {}), finish: 'error', error: { name: 'APIError', message: text || 'error' } }, []);
      continue;
    }
    // `info`, `warning` and kinds to come: notes of the client, folded.
    pending.push(contextPart(site, m.type, text, text.length));
  }
  const last = messages.at(-1);
  if (last) appendAll(parts, pending.map((p) => ({ ...p, messageID: last.id })));
  const firstPrompt = parts.find((p) => p.type === 'text' && messages.find((m) => m.id === p.messageID)?.role === 'user');
  const line = firstPrompt?.type === 'text' ? firstPrompt.text.trim().split('\n')[0]?.trim() : undefined;
  const title = line ? (line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line) : path.basename(ctx.path, '.jsonl');
  const session: SessionInfo = {
    id: sessionID,
    source: 'gemini',
    projectID: ctx.directory,
    directory: ctx.directory,
    ...(ctx.parentID ? { parentID: ctx.parentID } : {}),
    title,
    time: { created, updated },
    origin: ctx.path,
  };
  const project: Project = { id: ctx.directory, worktree: ctx.directory, name: path.basename(ctx.directory) || ctx.directory, source: 'gemini', timeCreated: created, timeUpdated: updated };
  return { session, project, messages, parts };
}
