import 'server-only';
import { claudeLineSchema, type ClaudeLine } from './claude-schema';

/** The fields of {@link claudeLineSchema} by the type they must have when present (the test holds them to the schema). */
export const LINE_FIELDS = {
  string: ['type', 'uuid', 'timestamp', 'sessionId', 'cwd', 'version', 'requestId', 'agentId', 'requestSessionId', 'summary', 'leafUuid', 'customTitle', 'subtype'],
  boolean: ['isSidechain', 'isMeta', 'isCompactSummary', 'isApiErrorMessage'],
  number: ['retryAttempt'],
  any: ['toolUseResult', 'error', 'message', 'content'],
  nested: ['parentUuid', 'attachment', 'compactMetadata', 'params'],
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isOptString = (value: unknown): boolean => value === undefined || typeof value === 'string';

/**
 * Whether the schema would give the line back as it is: every field it names absent or of the type
 * it wants, so nothing is dropped or replaced. Nearly every line is; checking that by hand costs a
 * tenth of the schema's parse, which was an eighth of a year of transcripts' first read.
 */
function isCommonLine(line: unknown): line is ClaudeLine {
  if (!isRecord(line) || typeof line.type !== 'string' || line.type.length === 0) return false;
  for (const key of LINE_FIELDS.string) if (!isOptString(line[key])) return false;
  for (const key of LINE_FIELDS.boolean) if (line[key] !== undefined && typeof line[key] !== 'boolean') return false;
  if (line.retryAttempt !== undefined && !Number.isFinite(line.retryAttempt)) return false;
  if (line.parentUuid !== undefined && line.parentUuid !== null && typeof line.parentUuid !== 'string') return false;
  const { attachment, compactMetadata, params } = line;
  if (attachment !== undefined && !(isRecord(attachment) && typeof attachment.type === 'string')) return false;
  if (compactMetadata !== undefined && !(isRecord(compactMetadata) && isOptString(compactMetadata.trigger))) return false;
  if (params === undefined) return true;
  if (!isRecord(params) || !isOptString(params.model)) return false;
  return params.betas === undefined || (Array.isArray(params.betas) && params.betas.every((beta) => typeof beta === 'string'));
}

/** One transcript line as {@link claudeLineSchema} reads it; undefined when it is not a transcript record. */
export function parseClaudeLine(value: unknown): ClaudeLine | undefined {
  if (isCommonLine(value)) return value;
  const parsed = claudeLineSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
