import type { MessageInfo } from '@/lib/model/message';

/** "provider/model" as sessions, filters and unpriced lists name a model; just the model without a provider. */
export function modelKey(message: Pick<MessageInfo, 'providerID' | 'modelID'>): string | undefined {
  if (!message.modelID) return undefined;
  return message.providerID ? `${message.providerID}/${message.modelID}` : message.modelID;
}

const UNKNOWN_MODEL = '(unknown model)';
const unpricedLists = new Map<string, readonly string[]>();

/**
 * The one-entry unpriced-model list of a message, shared per model: a pass over 100K messages of an
 * unknown model allocates it once. Lists are never changed in place (see `mergeModelLists`).
 */
export function unpricedListOf(message: Pick<MessageInfo, 'providerID' | 'modelID'>): readonly string[] {
  const key = modelKey(message) ?? UNKNOWN_MODEL;
  let list = unpricedLists.get(key);
  if (!list) unpricedLists.set(key, (list = Object.freeze([key])));
  return list;
}

const configLists = new Map<string, readonly string[]>();

/** "provider/model (file)" of a message priced from an opencode.json, shared per model and file like `unpricedListOf`. */
export function configPricedListOf(message: Pick<MessageInfo, 'providerID' | 'modelID'>, source = 'opencode.json'): readonly string[] {
  const key = `${modelKey(message) ?? UNKNOWN_MODEL} (${source})`;
  let list = configLists.get(key);
  if (!list) configLists.set(key, (list = Object.freeze([key])));
  return list;
}

/** Sorted union of two model lists; returns `a` itself when `b` adds nothing. */
export function mergeModelLists(a: readonly string[] | undefined, b: readonly string[]): readonly string[] {
  if (!a || a.length === 0) return b;
  if (b.every((m) => a.includes(m))) return a;
  return Object.freeze([...new Set([...a, ...b])].sort());
}
