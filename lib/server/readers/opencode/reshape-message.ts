import type { MessageError, MessageInfo } from '@/lib/model/message';
import type { z } from 'zod';
import { rawMessageSchema, type rawErrorSchema } from './raw-schemas';
import { fastMessage } from './fast-message';
import { reshapeTokens } from './reshape-tokens';
import { parseFailure, type Reshaped } from './reshaped';

function reshapeError(raw: z.infer<typeof rawErrorSchema> | null | undefined): MessageError | undefined {
  if (!raw) return undefined;
  const error: MessageError = {
    name: raw.name ?? 'Error',
    message: raw.data?.message ?? raw.message ?? raw.name ?? 'Unknown error',
  };
  const statusCode = raw.data?.statusCode ?? raw.statusCode;
  const isRetryable = raw.data?.isRetryable ?? raw.isRetryable;
  if (typeof statusCode === 'number') error.statusCode = statusCode;
  if (typeof isRetryable === 'boolean') error.isRetryable = isRetryable;
  return error;
}

export function reshapeMessage(value: unknown): Reshaped<MessageInfo> {
  const fast = fastMessage(value);
  return fast ? { ok: true, value: fast } : reshapeMessageBySchema(value);
}

/** The lenient zod path: repairs what it can, names what it cannot. */
export function reshapeMessageBySchema(value: unknown): Reshaped<MessageInfo> {
  const parsed = rawMessageSchema.safeParse(value);
  if (!parsed.success) return parseFailure(parsed.error);
  const raw = parsed.data;
  const isAssistant = raw.role === 'assistant';
  const message: MessageInfo = {
    id: raw.id,
    sessionID: raw.sessionID,
    role: raw.role,
    time: { created: raw.time.created, completed: raw.time.completed ?? undefined },
    cost: isAssistant ? (raw.cost ?? 0) : 0,
    tokens: reshapeTokens(isAssistant ? raw.tokens : undefined),
  };
  if (raw.parentID) message.parentID = raw.parentID;
  const agent = raw.agent ?? raw.mode;
  if (agent) message.agent = agent;
  if (raw.mode) message.mode = raw.mode;
  const providerID = raw.providerID ?? raw.model?.providerID;
  const modelID = raw.modelID ?? raw.model?.modelID;
  if (providerID) message.providerID = providerID;
  if (modelID) message.modelID = modelID;
  if (raw.finish) message.finish = raw.finish;
  const error = reshapeError(raw.error);
  if (error) message.error = error;
  if (raw.summary === true) message.summary = true;
  return { ok: true, value: message };
}
