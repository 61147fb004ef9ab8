/**
 * One copy of each of the few strings that 100,000 messages repeat (session ids, provider, model,
 * agent, finish reason): JSON.parse makes a new string for every occurrence. Bounded: past the cap,
 * strings are kept as they come.
 */
const MAX_SHARED = 50_000;
const shared = new Map<string, string>();

export function sharedString(value: string): string {
  const known = shared.get(value);
  if (known !== undefined) return known;
  if (shared.size < MAX_SHARED) shared.set(value, value);
  return value;
}

/** The repeated fields of a message, shared in place (a message from our own index or a reader). */
export function shareMessageStrings<T extends { sessionID: string; providerID?: string; modelID?: string; agent?: string; mode?: string; finish?: string }>(message: T): T {
  message.sessionID = sharedString(message.sessionID);
  if (message.providerID !== undefined) message.providerID = sharedString(message.providerID);
  if (message.modelID !== undefined) message.modelID = sharedString(message.modelID);
  if (message.agent !== undefined) message.agent = sharedString(message.agent);
  if (message.mode !== undefined) message.mode = sharedString(message.mode);
  if (message.finish !== undefined) message.finish = sharedString(message.finish);
  return message;
}
