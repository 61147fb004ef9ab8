/** Lifecycle of one boulder work (v2); v1 boulders only ever describe an active work. */
export type PlanStatus = 'active' | 'completed' | 'paused' | 'abandoned';

export const PLAN_STATUSES: readonly PlanStatus[] = ['active', 'completed', 'paused', 'abandoned'];

/** One unit of oh-my-opencode "boulder" work: a plan file being executed by some sessions. */
export interface PlanWork {
  workID: string;
  planName: string;
  /** Absolute path of the plan markdown, resolved against the project directory. */
  planPath: string;
  status: PlanStatus;
  /** Unix ms; 0 when the boulder did not say. */
  startedAt: number;
  endedAt?: number;
  /** Session ids with any `opencode:`-style prefix removed. */
  sessionIDs: string[];
  /** The harness of sessions another agent ran (`codex:`, `senpi:` prefixes), by session id. */
  harnessOf?: Record<string, string>;
  /** When the plugin last wrote this work (ms). */
  updatedAt?: number;
  /** How long the work ran, as the plugin measured it (written when it completes). */
  elapsedMs?: number;
  /** The sessions that worked on the plan's tasks (`task_sessions`), in the plan's order. */
  tasks?: PlanTask[];
  agent?: string;
  worktreePath?: string;
  /** The boulder.json this work was read from. */
  boulderPath: string;
  /** The boulder's active work (v2 `active_work_id`, or the only work of a v1 boulder). */
  active: boolean;
}

/** One plan task and the session that worked on it (boulder `task_sessions`). */
export interface PlanTask {
  /** `todo:1`, `final-wave:f1` */
  key: string;
  /** `1`, `F1` */
  label?: string;
  title?: string;
  sessionID?: string;
  /** `codex`, `senpi` for a session another agent ran; absent for OpenCode's. */
  harness?: string;
  /** `running` or `completed` as the plugin wrote it; absent while the task is only assigned. */
  status?: string;
  /** The subagent and category the task was delegated to. */
  agent?: string;
  category?: string;
  startedAt?: number;
  endedAt?: number;
  elapsedMs?: number;
  updatedAt?: number;
}

export interface PlanItem {
  text: string;
  done: boolean;
  /** Nearest heading above the item. */
  section?: string;
}

export interface PlanProgress {
  done: number;
  total: number;
  items: PlanItem[];
  /** First open item: what the agent is (or should be) working on. */
  current?: PlanItem;
}

/** A plan as the dashboard shows it: the boulder work (if any) plus the plan file's progress. */
export interface PlanView {
  /** Stable key: boulder path + work id, or the plan path for plans no boulder references. */
  key: string;
  projectDir: string;
  planName: string;
  planPath: string;
  /** Undefined for a plan file that no boulder references (not started, or finished long ago). */
  work?: PlanWork;
  /** Undefined when the plan file could not be read. */
  progress?: PlanProgress;
  /** Why progress is missing, e.g. "plan file missing". */
  problem?: string;
  /** Plan file modification time (ms). */
  updatedAt?: number;
}
