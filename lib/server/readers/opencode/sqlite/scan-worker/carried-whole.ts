import type { MessageInfo } from '@/lib/model/message';
import { ZERO_TOKENS } from '@/lib/model/tokens';

const FIELDS = new Set(['id', 'sessionID', 'role', 'time', 'parentID', 'agent', 'providerID', 'modelID', 'mode', 'cost', 'tokens', 'finish', 'summary']);
const OPTIONAL_STRINGS = ['parentID', 'agent', 'providerID', 'modelID', 'mode', 'finish'] as const;

/**
 * Whether a message the summary index kept (its own output, parsed) is carried whole by the
 * columns of scanned-messages.ts: only their fields, each of its type, no empty strings (the
 * columns drop them), no error. Anything else is left to the main thread to take as stored.
 */
export function carriedWhole(value: unknown, id: string): value is MessageInfo {
  if (typeof value !== 'object' || value === null) return false;
  const m = value as Record<string, unknown>;
  for (const key in m) if (!FIELDS.has(key)) return false;
  if (m.id !== id || typeof m.sessionID !== 'string' || m.sessionID === '' || (m.role !== 'user' && m.role !== 'assistant')) return false;
  if (typeof m.cost !== 'number' || (m.summary !== undefined && m.summary !== true)) return false;
  for (const key of OPTIONAL_STRINGS) if (m[key] !== undefined && (typeof m[key] !== 'string' || m[key] === '')) return false;
  const time = m.time as Record<string, unknown> | null;
  if (typeof time !== 'object' || time === null || typeof time.created !== 'number') return false;
  for (const key in time) if (key !== 'created' && key !== 'completed') return false;
  if (time.completed !== undefined && typeof time.completed !== 'number') return false;
  const tokens = m.tokens as Record<string, unknown> | null;
  if (typeof tokens !== 'object' || tokens === null) return false;
  for (const key in ZERO_TOKENS) if (typeof tokens[key] !== 'number') return false;
  for (const key in tokens) if (!(key in ZERO_TOKENS)) return false;
  return true;
}
