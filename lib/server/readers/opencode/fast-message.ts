import type { MessageInfo } from '@/lib/model/message';
import { isObj, finite, optFinite, optString, plainTokens } from './plain-values';
import { reshapeTokens } from './reshape-tokens';
import { shareMessageStrings } from '@/lib/model/shared-strings';

const OPTIONAL_STRINGS = ['parentID', 'agent', 'mode', 'providerID', 'modelID', 'finish'] as const;

/**
 * The common, well-formed message record turned into a MessageInfo without zod (the first read
 * reshapes ~100,000 of them; zod's checks took most of that time). Anything unusual (an error
 * record, a field of an unexpected type, a value zod would repair) returns undefined, and the zod
 * schema decides: for every record this accepts, the result is the schema path's (tested).
 */
export function fastMessage(value: unknown): MessageInfo | undefined {
  if (!isObj(value)) return undefined;
  const { id, sessionID, role, time, cost, tokens, model, error } = value;
  if (typeof id !== 'string' || id === '' || typeof sessionID !== 'string' || sessionID === '') return undefined;
  if (role !== 'user' && role !== 'assistant') return undefined;
  if (!isObj(time) || !finite(time.created) || !optFinite(time.completed)) return undefined;
  if (!optFinite(cost) || !plainTokens(tokens) || (error !== undefined && error !== null)) return undefined;
  for (const key of OPTIONAL_STRINGS) if (!optString(value[key])) return undefined;
  if (model !== undefined && model !== null && !(isObj(model) && optString(model.providerID) && optString(model.modelID))) return undefined;
  const isAssistant = role === 'assistant';
  const message: MessageInfo = {
    id,
    sessionID,
    role,
    time: { created: time.created, completed: time.completed ?? undefined },
    cost: isAssistant ? (cost ?? 0) : 0,
    tokens: reshapeTokens(isAssistant ? (tokens as Parameters<typeof reshapeTokens>[0]) : undefined),
  };
  const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
  const models = isObj(model) ? model : undefined;
  if (str(value.parentID)) message.parentID = value.parentID as string;
  const agent = str(value.agent) ?? str(value.mode);
  if (agent) message.agent = agent;
  if (str(value.mode)) message.mode = value.mode as string;
  const providerID = str(value.providerID) ?? str(models?.providerID);
  const modelID = str(value.modelID) ?? str(models?.modelID);
  if (providerID) message.providerID = providerID;
  if (modelID) message.modelID = modelID;
  if (str(value.finish)) message.finish = value.finish as string;
  if (value.summary === true) message.summary = true;
  return shareMessageStrings(message);
}
