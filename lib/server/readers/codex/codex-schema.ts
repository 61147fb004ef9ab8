import 'server-only';
import { z } from 'zod';

/*
 * Codex CLI rollout lines (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`):
 * `{"timestamp","ordinal","type","payload"}`. Lenient: only `type` is required; the payload's
 * fields are read where they are used, each checked there.
 */
export const codexLineSchema = z.looseObject({
  type: z.string().min(1),
  timestamp: z.string().optional().catch(undefined),
  ordinal: z.number().optional().catch(undefined),
  payload: z.record(z.string(), z.unknown()).catch({}),
});
export type CodexLine = z.infer<typeof codexLineSchema>;

const count = z.number().catch(0).optional();

/** One response's usage, as OpenAI counts it: `input_tokens` includes cached, `output_tokens` includes reasoning. */
export const codexUsageSchema = z.looseObject({
  input_tokens: count,
  cached_input_tokens: count,
  cache_write_input_tokens: count,
  output_tokens: count,
  reasoning_output_tokens: count,
});
export type CodexUsage = z.infer<typeof codexUsageSchema>;

export const sessionMetaSchema = z.looseObject({
  id: z.string().min(1),
  timestamp: z.string().optional().catch(undefined),
  cwd: z.string().optional().catch(undefined),
  cli_version: z.string().optional().catch(undefined),
  model_provider: z.string().optional().catch(undefined),
  parent_thread_id: z.string().nullable().optional().catch(undefined),
  forked_from_id: z.string().nullable().optional().catch(undefined),
  agent_nickname: z.string().nullable().optional().catch(undefined),
});
export type SessionMeta = z.infer<typeof sessionMetaSchema>;
