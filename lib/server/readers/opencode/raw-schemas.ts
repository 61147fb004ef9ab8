import { z } from 'zod';

/**
 * OpenCode's records as they are on disk (JSON files, or the `data` column plus id columns in SQLite).
 * Lenient: unknown fields pass; only fields the model needs are checked.
 */
const num = z.number().finite();
const optNum = num.nullish();

export const rawTokensSchema = z.object({
  input: num.catch(0),
  output: num.catch(0),
  reasoning: num.catch(0),
  cache: z.object({ read: num.catch(0), write: num.catch(0) }).partial().catch({}),
}).partial();

export const rawProjectSchema = z.object({
  id: z.string().min(1),
  worktree: z.string().catch('/'),
  vcs: z.string().nullish(),
  name: z.string().nullish(),
  time: z.object({ created: optNum, updated: optNum }).partial().nullish(),
});

export const rawSessionSchema = z.object({
  id: z.string().min(1),
  slug: z.string().nullish(),
  projectID: z.string().min(1),
  directory: z.string(),
  parentID: z.string().nullish(),
  title: z.string(),
  version: z.union([z.string(), num]).nullish(),
  time: z.object({ created: num, updated: optNum, compacting: optNum, archived: optNum }),
  summary: z.object({ additions: num.catch(0), deletions: num.catch(0), files: num.catch(0) }).nullish(),
  share: z.object({ url: z.string() }).nullish(),
  revert: z.unknown().optional(),
});
export type RawSession = z.infer<typeof rawSessionSchema>;

/** OpenCode serialises NamedError as `{ name, data: {...} }`; older docs show the fields flat. */
export const rawErrorSchema = z
  .object({
    name: z.string().catch('Error'),
    message: z.string().nullish(),
    data: z
      .object({ message: z.string().nullish(), statusCode: optNum, isRetryable: z.boolean().nullish() })
      .partial()
      .nullish(),
    statusCode: optNum,
    isRetryable: z.boolean().nullish(),
  })
  .partial();

export const rawMessageSchema = z.object({
  id: z.string().min(1),
  sessionID: z.string().min(1),
  role: z.enum(['user', 'assistant']),
  time: z.object({ created: num, completed: optNum }),
  parentID: z.string().nullish(),
  agent: z.string().nullish(),
  mode: z.string().nullish(),
  providerID: z.string().nullish(),
  modelID: z.string().nullish(),
  model: z.object({ providerID: z.string().nullish(), modelID: z.string().nullish() }).nullish(),
  cost: num.nullish(),
  tokens: rawTokensSchema.nullish(),
  finish: z.string().nullish(),
  error: rawErrorSchema.nullish(),
  summary: z.unknown().optional(),
});
export type RawMessage = z.infer<typeof rawMessageSchema>;

export const rawToolStateSchema = z.object({
  status: z.enum(['pending', 'running', 'completed', 'error']),
  input: z.record(z.string(), z.unknown()).nullish(),
  raw: z.string().nullish(),
  output: z.string().nullish(),
  title: z.string().nullish(),
  error: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  time: z.object({ start: optNum, end: optNum, compacted: optNum }).partial().nullish(),
});

export const rawPartBaseSchema = z.object({
  id: z.string().min(1),
  sessionID: z.string().min(1),
  messageID: z.string().min(1),
  type: z.string().min(1),
  time: z.object({ start: optNum, end: optNum, created: optNum }).partial().nullish(),
});
export type RawPartBase = z.infer<typeof rawPartBaseSchema>;

export const rawTodoListSchema = z.array(
  z.object({ id: z.string().nullish(), content: z.string(), status: z.string().catch('pending'), priority: z.string().nullish() }),
);

export const rawFileDiffListSchema = z.array(
  z.object({
    file: z.string(),
    additions: num.catch(0),
    deletions: num.catch(0),
    patch: z.string().nullish(),
    /** 1.1.x keeps the file's two versions instead of a patch. */
    before: z.string().optional().catch(undefined),
    after: z.string().optional().catch(undefined),
  }),
);
