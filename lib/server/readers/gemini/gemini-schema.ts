import 'server-only';
import { z } from 'zod';

/*
 * Gemini CLI chat records (`~/.gemini/tmp/<project>/chats/*.jsonl`, 0.61): a metadata header
 * (`sessionId`, `startTime`, `kind`), message records (`id`, `type`, re-appended whole each time
 * they change), `{"$set": {...}}` and `{"$rewindTo": id}`. Lenient: unknown fields pass.
 */
const optString = z.string().optional().catch(undefined);
const count = z.number().catch(0).optional();

export const headerSchema = z.looseObject({
  sessionId: z.string().min(1),
  startTime: optString,
  lastUpdated: optString,
  kind: optString,
});

export const messageSchema = z.looseObject({
  id: z.string().min(1),
  type: z.string().min(1),
  timestamp: optString,
  content: z.unknown().optional(),
  model: optString,
  tokens: z.looseObject({ input: count, output: count, cached: count, thoughts: count, tool: count }).optional().catch(undefined),
  thoughts: z.array(z.looseObject({ subject: optString, description: optString })).optional().catch(undefined),
  toolCalls: z.array(z.looseObject({ id: optString, name: optString, args: z.unknown().optional(), result: z.unknown().optional(), status: optString, resultDisplay: z.unknown().optional() })).optional().catch(undefined),
});
export type GeminiMessage = z.infer<typeof messageSchema>;

export const setSchema = z.looseObject({
  $set: z.looseObject({ messages: z.array(z.unknown()).optional().catch(undefined), summary: optString, lastUpdated: optString }),
});

export const rewindSchema = z.looseObject({ $rewindTo: z.string() });
