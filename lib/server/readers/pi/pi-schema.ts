import 'server-only';
import { z } from 'zod';

/*
 * oh-my-pi / pi session JSONL (spec 001). Lenient: unknown fields pass, optional where old files
 * or other versions may lack a field. Content blocks are validated one by one (pi-content.ts).
 */

/** Fixed-width first line (256 bytes, padded) carrying the mutable session title. */
export const titleSlotSchema = z.looseObject({
  type: z.literal('title'),
  title: z.string().optional().catch(undefined),
  updatedAt: z.string().optional().catch(undefined),
});

export const headerSchema = z.looseObject({
  type: z.literal('session'),
  id: z.string().min(1),
  version: z.number().optional().catch(undefined),
  timestamp: z.string().optional().catch(undefined),
  cwd: z.string().optional().catch(undefined),
  title: z.string().optional().catch(undefined),
  parentSession: z.string().optional().catch(undefined),
});
export type PiHeader = z.infer<typeof headerSchema>;

/** Every non-header entry. v1 entries have no id/parentId until migrated. */
export const entrySchema = z.looseObject({
  type: z.string().min(1),
  id: z.string().optional().catch(undefined),
  parentId: z.string().nullable().optional().catch(undefined),
  timestamp: z.string().optional().catch(undefined),
});
export type PiEntry = z.infer<typeof entrySchema> & { id: string; parentId: string | null };

export const agentMessageSchema = z.looseObject({
  role: z.string(),
  content: z.unknown().optional(),
  timestamp: z.number().optional().catch(undefined),
});
export type PiAgentMessage = z.infer<typeof agentMessageSchema>;

const num = z.number().catch(0).optional();

export const usageSchema = z.looseObject({
  input: num,
  output: num,
  cacheRead: num,
  cacheWrite: num,
  cost: z.looseObject({ total: num }).optional().catch(undefined),
});

export const assistantSchema = agentMessageSchema.extend({
  provider: z.string().optional().catch(undefined),
  model: z.string().optional().catch(undefined),
  usage: usageSchema.optional().catch(undefined),
  stopReason: z.string().optional().catch(undefined),
  errorMessage: z.string().optional().catch(undefined),
  /** oh-my-pi: milliseconds to the first token. */
  ttft: z.number().nonnegative().optional().catch(undefined),
});

export const toolResultSchema = agentMessageSchema.extend({
  toolCallId: z.string(),
  toolName: z.string().optional().catch(undefined),
  isError: z.boolean().optional().catch(undefined),
  details: z.unknown().optional(),
});

/** `!command` / `$ python` runs typed by the user in the TUI. */
export const executionSchema = agentMessageSchema.extend({
  command: z.string().optional().catch(undefined),
  code: z.string().optional().catch(undefined),
  output: z.string().optional().catch(undefined),
  exitCode: z.number().nullable().optional().catch(undefined),
  cancelled: z.boolean().optional().catch(undefined),
});

export const customSchema = agentMessageSchema.extend({
  customType: z.string().optional().catch(undefined),
  display: z.boolean().optional().catch(undefined),
});

/** oh-my-pi `model_usage`: a side call's usage, written beside the conversation (FORMATS.md). */
export const sideCallSchema = z.looseObject({
  purpose: z.string().optional().catch(undefined),
  provider: z.string().optional().catch(undefined),
  model: z.string().optional().catch(undefined),
  usage: usageSchema.optional().catch(undefined),
  stopReason: z.string().optional().catch(undefined),
});
