import 'server-only';
import { z } from 'zod';

/*
 * Claude Code transcript lines (`~/.claude/projects/<encoded cwd>/<session>.jsonl`). Lenient: only
 * `type` is required; everything else is optional and dropped when of the wrong type.
 */
const optString = z.string().optional().catch(undefined);
const optBool = z.boolean().optional().catch(undefined);
const count = z.number().catch(0).optional();

/** Only `type` is required; `size` is the line's length on disk (set by the file reader). */
export const claudeLineSchema = z.looseObject({
  type: z.string().min(1),
  uuid: optString,
  parentUuid: z.string().nullable().optional().catch(undefined),
  timestamp: optString,
  sessionId: optString,
  cwd: optString,
  version: optString,
  requestId: optString,
  agentId: optString,
  isSidechain: optBool,
  isMeta: optBool,
  isCompactSummary: optBool,
  isApiErrorMessage: optBool,
  /** Set on a fork's repeated responses: the session that made the request. */
  requestSessionId: optString,
  /** `attachment` lines: context the client added. */
  attachment: z.looseObject({ type: z.string().catch('attachment') }).optional().catch(undefined),
  /** Tool results: what the client knows about the call (`agentId` of a started subagent). */
  toolUseResult: z.unknown().optional(),
  /** `system` api_error lines. */
  retryAttempt: z.number().optional().catch(undefined),
  error: z.unknown().optional(),
  message: z.unknown().optional(),
  /** `summary` lines */
  summary: optString,
  leafUuid: optString,
  /** `custom-title` lines (`/rename`) */
  customTitle: optString,
  /** `system` lines */
  subtype: optString,
  content: z.unknown().optional(),
  compactMetadata: z.looseObject({ trigger: optString }).optional().catch(undefined),
  /** `api-request` lines: the request's model and beta flags (the 1M context window is one). */
  params: z.looseObject({ model: optString, betas: z.array(z.string()).optional().catch(undefined) }).optional().catch(undefined),
});
export type ClaudeLine = z.infer<typeof claudeLineSchema>;

export const claudeUsageSchema = z.looseObject({
  input_tokens: count,
  output_tokens: count,
  cache_creation_input_tokens: count,
  cache_read_input_tokens: count,
  cache_creation: z.looseObject({ ephemeral_1h_input_tokens: count }).optional().catch(undefined),
});

/** `cost-state` lines: what the client recorded the session cost (cumulative, subagents included). */
export const costStateSchema = z.looseObject({
  type: z.literal('cost-state'),
  totalCostUSD: z.number().catch(0),
  modelUsage: z
    .record(
      z.string(),
      z.looseObject({
        inputTokens: z.number().catch(0),
        outputTokens: z.number().catch(0),
        cacheReadInputTokens: z.number().catch(0),
        cacheCreationInputTokens: z.number().catch(0),
        cacheCreationEphemeral1hInputTokens: z.number().catch(0).optional(),
        costUSD: z.number().catch(0),
      }),
    )
    .catch({}),
  hasUnknownModelCost: z.boolean().optional().catch(undefined),
});
export type CostState = z.infer<typeof costStateSchema>;

export const claudeAssistantSchema = z.looseObject({
  id: optString,
  role: z.literal('assistant'),
  model: optString,
  content: z.array(z.unknown()).catch([]),
  stop_reason: z.string().nullable().optional().catch(undefined),
  usage: claudeUsageSchema.optional().catch(undefined),
});
export type ClaudeAssistant = z.infer<typeof claudeAssistantSchema>;

export const claudeUserSchema = z.looseObject({
  role: z.literal('user'),
  content: z.union([z.string(), z.array(z.unknown())]),
});

export const toolResultBlockSchema = z.looseObject({
  type: z.literal('tool_result'),
  tool_use_id: z.string(),
  content: z.unknown().optional(),
  is_error: z.boolean().nullable().optional().catch(undefined),
});
