import 'server-only';
import type { MessageInfo } from '@/lib/model/message';
import type { ContextPart } from '@/lib/model/part';
import { emptyTokens, totalTokenCount } from '@/lib/model/tokens';
import type { PiRunState } from './pi-message';
import { sideCallSchema, type PiEntry } from './pi-schema';
import type { SessionBuilder } from './session-builder';

/**
 * oh-my-pi's `model_usage` line: a model call the agent made for itself (the auto-thinking
 * classifier, a title...). omp's own accounting adds its usage and cost to the session's, so it is
 * an assistant message of its own, marked `sideCall`: counted in spend, never read as a reply.
 */
export function addSideCall(b: SessionBuilder, entry: PiEntry, time: number, state: PiRunState): boolean {
  const parsed = sideCallSchema.safeParse(entry);
  if (!parsed.success) return false;
  const { purpose, provider, model, usage, stopReason } = parsed.data;
  const slash = !provider && model ? model.indexOf('/') : -1;
  const providerID = provider ?? (slash > 0 ? model?.slice(0, slash) : state.providerID);
  const modelID = slash > 0 ? model?.slice(slash + 1) : (model ?? state.modelID);
  const tokens = { ...emptyTokens(), input: usage?.input ?? 0, output: usage?.output ?? 0, cacheRead: usage?.cacheRead ?? 0, cacheWrite: usage?.cacheWrite ?? 0 };
  const parent = b.ancestorMessage(entry, true);
  const info: MessageInfo = {
    id: `${b.sessionID}:${entry.id}`,
    sessionID: b.sessionID,
    role: 'assistant',
    time: { created: time, completed: time },
    cost: usage?.cost?.total ?? 0,
    tokens,
    sideCall: purpose ?? 'side call',
    ...(providerID ? { providerID } : {}),
    ...(modelID ? { modelID } : {}),
    ...(parent ? { parentID: parent.id } : {}),
    ...(stopReason ? { finish: stopReason } : {}),
  };
  const part: ContextPart = {
    id: `${info.id}:usage`,
    messageID: info.id,
    sessionID: b.sessionID,
    type: 'context',
    kind: 'model_usage',
    summary: `Side call${purpose ? ` (${purpose})` : ''} to ${[providerID, modelID].filter(Boolean).join('/') || 'a model'}: ${totalTokenCount(tokens)} tokens`,
    size: Buffer.byteLength(JSON.stringify(entry)),
    time: { start: time },
  };
  b.addSideMessage(info, [part]);
  return true;
}
