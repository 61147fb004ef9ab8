import { z } from 'zod';

/*
 * oh-my-opencode boulder.json, every variant seen in the wild: v1 snake_case, v1 camelCase and
 * v2 (`schema_version: 2` with a `works` map). Every field is optional and a field of the wrong
 * type is dropped (`catch`), so one odd field never hides the rest of the boulder.
 */
const optionalString = z.string().optional().catch(undefined);
const optionalTime = z.union([z.string(), z.number()]).optional().catch(undefined);
const optionalStrings = z
  .array(z.unknown())
  .optional()
  .catch(undefined)
  .transform((list) => list?.filter((item): item is string => typeof item === 'string'));

const optionalNumber = z.number().optional().catch(undefined);
const optionalRecord = z.record(z.string(), z.unknown()).optional().catch(undefined);

/** One entry of a work's `task_sessions`: the session that worked on one plan task (oh-my-opencode 4.19). */
export const taskSessionSchema = z.looseObject({
  task_key: optionalString,
  task_label: optionalString,
  task_title: optionalString,
  session_id: optionalString,
  status: optionalString,
  agent: optionalString,
  category: optionalString,
  started_at: optionalTime,
  ended_at: optionalTime,
  updated_at: optionalTime,
  elapsed_ms: optionalNumber,
});
export type TaskSessionRecord = z.infer<typeof taskSessionSchema>;

export const boulderWorkSchema = z.looseObject({
  id: optionalString,
  work_id: optionalString,
  active_plan: optionalString,
  activePlan: optionalString,
  plan_name: optionalString,
  planName: optionalString,
  status: optionalString,
  started_at: optionalTime,
  startedAt: optionalTime,
  ended_at: optionalTime,
  endedAt: optionalTime,
  session_ids: optionalStrings,
  sessionIds: optionalStrings,
  sessionIDs: optionalStrings,
  agent: optionalString,
  worktree_path: optionalString,
  worktreePath: optionalString,
  updated_at: optionalTime,
  updatedAt: optionalTime,
  elapsed_ms: optionalNumber,
  elapsedMs: optionalNumber,
  task_sessions: optionalRecord,
  taskSessions: optionalRecord,
});
export type BoulderWorkRecord = z.infer<typeof boulderWorkSchema>;

export const boulderSchema = boulderWorkSchema.extend({
  schema_version: z.number().optional().catch(undefined),
  schemaVersion: z.number().optional().catch(undefined),
  active_work_id: optionalString,
  activeWorkId: optionalString,
  works: z.record(z.string(), z.unknown()).optional().catch(undefined),
});
export type BoulderRecord = z.infer<typeof boulderSchema>;
