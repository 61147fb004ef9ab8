import 'server-only';
import path from 'node:path';
import type { MessageInfo } from '@/lib/model/message';
import type { Part } from '@/lib/model/part';
import type { Project } from '@/lib/model/project';
import type { SessionInfo } from '@/lib/model/session';
import type { FileSession } from '../pi/file-index';
import { timeOf } from '../pi/jsonl';
import { contentText, contextKind, contextPart, reasoningPart, subagentReport, textPart, toolCallPart } from './codex-items';
import { sessionMetaSchema, type CodexLine, type SessionMeta } from './codex-schema';
import { ThreadBuilder } from './codex-thread';

export interface CodexContext {
  path: string;
  mtime?: number;
}

const TITLE_MAX = 100;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

function titleOf(messages: readonly MessageInfo[], parts: readonly Part[]): string | undefined {
  const first = messages.find((m) => m.role === 'user');
  const text = parts.find((p) => p.type === 'text' && p.messageID === first?.id);
  const line = text?.type === 'text' ? text.text.trim().split('\n')[0]?.trim() : undefined;
  return line && line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

/** Lines of one rollout -> domain records; undefined while it has no `session_meta` yet. */
export function mapCodexLines(lines: readonly CodexLine[], sizes: readonly number[], ctx: CodexContext): FileSession | undefined {
  const metaLine = lines.find((l) => l.type === 'session_meta');
  const parsedMeta = metaLine ? sessionMetaSchema.safeParse(metaLine.payload) : undefined;
  if (!parsedMeta?.success) return undefined;
  const meta: SessionMeta = parsedMeta.data;
  const sessionID = meta.id;
  const agent = meta.agent_nickname ?? undefined;
  const b = new ThreadBuilder(sessionID, meta.model_provider, agent);
  // Versions before token_usage_record wrote only token_count events: the usage then comes from those.
  const usageFromRecords = lines.some((l) => l.type === 'token_usage_record');
  const created = timeOf(meta.timestamp) ?? timeOf(metaLine?.timestamp) ?? ctx.mtime ?? 0;
  let now = created;
  let updated = created;
  let itemsSinceUsage = false;
  lines.forEach((line, index) => {
    const time = timeOf(line.timestamp) ?? now;
    now = time;
    updated = Math.max(updated, time);
    const p = line.payload;
    // Padded: parts written in the same millisecond are ordered by id.
    const key = String(line.ordinal ?? index).padStart(9, '0');
    const turnID = str(p.turn_id) ?? str(obj(p.internal_chat_message_metadata_passthrough).turn_id);
    if (line.type === 'turn_context') {
      const model = str(p.model);
      if (model) {
        b.model = model;
        if (str(p.turn_id)) b.turnModels.set(String(p.turn_id), model);
      }
      return;
    }
    if (line.type === 'token_usage_record') {
      b.usage(key, str(p.response_id), p.usage, time, str(p.turn_id), itemsSinceUsage);
      itemsSinceUsage = false;
      return;
    }
    if (line.type === 'response_item') {
      const kind = p.type;
      if (kind === 'message' && p.role === 'assistant') b.output(key, textPart(b.site(key, time), contentText(p.content)), time, turnID);
      else if (kind === 'reasoning') b.output(key, reasoningPart(b.site(key, time), p), time, turnID);
      else if (kind === 'function_call' || kind === 'custom_tool_call') {
        itemsSinceUsage = true;
        b.output(key, toolCallPart(b.site(key, time), p), time, turnID);
      } else if (kind === 'function_call_output' || kind === 'custom_tool_call_output') b.callOutput(str(p.call_id) ?? '', p.output, time);
      else if (kind === 'message') {
        const text = contentText(p.content);
        const prompt = JSON.stringify(obj(p.internal_chat_message_metadata_passthrough).content_item_metadata ?? '').includes('"type":"user"');
        // The prompt itself is read from its item_completed event; harness messages fold.
        if (prompt) return;
        const report = subagentReport(b.site(key, time), text);
        b.context(report ?? contextPart(b.site(key, time), contextKind(p), text, sizes[index] ?? 0));
      }
      return;
    }
    if (line.type !== 'event_msg') return;
    const item = obj(p.item);
    if (p.type === 'item_completed' && item.type === 'UserMessage') b.prompt(str(item.id) ?? key, contentText(item.content), time);
    else if (p.type === 'item_completed' && item.type === 'CommandExecution') b.command(str(item.id) ?? '', item.status, item.aggregated_output, item.exit_code);
    else if (p.type === 'token_count' && !usageFromRecords) {
      const last = obj(p.info).last_token_usage;
      if (last) {
        b.usage(key, undefined, last, time, turnID, itemsSinceUsage);
        itemsSinceUsage = false;
      }
    } else if (p.type === 'task_complete' && p.error) {
      const error = obj(p.error);
      b.failed(key, str(error.message) ?? 'The turn failed', str(error.codex_error_info), time, turnID);
    } else if (p.type === 'task_complete') b.close(time);
  });
  const { messages, parts } = b.finish();
  const cwd = meta.cwd ?? '';
  const session: SessionInfo = {
    id: sessionID,
    source: 'codex',
    projectID: cwd,
    directory: cwd,
    ...(meta.parent_thread_id ? { parentID: meta.parent_thread_id } : {}),
    ...(meta.forked_from_id ? { forkedFrom: meta.forked_from_id } : {}),
    title: (agent ? `${agent}: ` : '') + (titleOf(messages, parts) ?? path.basename(ctx.path, '.jsonl')),
    ...(meta.cli_version ? { version: meta.cli_version } : {}),
    time: { created, updated },
    origin: ctx.path,
  };
  const project: Project = { id: cwd, worktree: cwd, name: path.basename(cwd) || cwd, source: 'codex', timeCreated: created, timeUpdated: updated };
  return { session, project, messages, parts };
}
