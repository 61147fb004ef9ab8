import type { Part, PartType, ToolStatus } from './part';
import type { TokenCounts } from './tokens';
import { isUserRejection } from './user-rejection';

/**
 * What the store keeps in memory for every part: enough for status, activity and step accounting,
 * never the bodies (text, tool output), which are read when a session is opened.
 */
export interface PartMeta {
  id: string;
  messageID: string;
  sessionID: string;
  type: PartType;
  /** Best known creation time (ms): the row's time_created, or the part's own start time. */
  created?: number;
  end?: number;
  /** When the record itself was last written (ms): the row's time_updated, where the source has one. */
  updated?: number;
  tool?: string;
  status?: ToolStatus;
  /** The tool's main argument, shortened (command, file path, pattern, description...). */
  mainArg?: string;
  /** A tool call the user turned down at its permission prompt: the agent stopped for them. */
  rejected?: boolean;
  /** step-finish reason. */
  reason?: string;
  cost?: number;
  tokens?: TokenCounts;
  /** For `unknown` parts: the type found on disk. */
  originalType?: string;
}

const MAIN_ARG_KEYS = ['command', 'filePath', 'file_path', 'path', 'pattern', 'url', 'description', 'query', 'prompt'];
const MAIN_ARG_MAX = 160;

export function mainArgOf(input: Record<string, unknown> | undefined): string | undefined {
  if (!input) return undefined;
  for (const key of MAIN_ARG_KEYS) {
    const value = input[key];
    if (typeof value === 'string' && value.trim()) {
      const flat = value.replace(/\s+/g, ' ').trim();
      return flat.length > MAIN_ARG_MAX ? `${flat.slice(0, MAIN_ARG_MAX - 1)}…` : flat;
    }
  }
  return undefined;
}

export function partMetaOf(part: Part, created?: number, updated?: number): PartMeta {
  const meta: PartMeta = {
    id: part.id,
    messageID: part.messageID,
    sessionID: part.sessionID,
    type: part.type,
    created: created ?? part.time?.start,
    end: part.time?.end,
  };
  if (updated !== undefined) meta.updated = updated;
  switch (part.type) {
    case 'tool':
      meta.tool = part.tool;
      meta.status = part.status;
      meta.mainArg = mainArgOf(part.input);
      if (part.status === 'error' && part.error && isUserRejection(part.error)) meta.rejected = true;
      break;
    case 'step-finish':
      meta.reason = part.reason;
      meta.cost = part.cost;
      meta.tokens = part.tokens;
      break;
    case 'unknown':
      meta.originalType = part.originalType;
      break;
    default:
      break;
  }
  return meta;
}
