import type { TokenCounts } from './tokens';

/** The 12 part types of OpenCode's message model (spec 003), plus `unknown` for anything newer. */
export const PART_TYPES = [
  'text',
  'reasoning',
  'tool',
  'file',
  'snapshot',
  'patch',
  'agent',
  'compaction',
  'subtask',
  'retry',
  'step-start',
  'step-finish',
] as const;
export type KnownPartType = (typeof PART_TYPES)[number];

export type ToolStatus = 'pending' | 'running' | 'completed' | 'error';

interface PartBase {
  id: string;
  messageID: string;
  sessionID: string;
  /** Start/end where the part records them (ms). */
  time?: { start?: number; end?: number };
  /**
   * Set on a part whose long fields were cut for the page (see `trimPart`): each cut field with
   * its full length. The whole part comes from `GET /api/sessions/[id]/parts/[partId]`.
   */
  cut?: Partial<Record<string, number>>;
}

export interface TextPart extends PartBase {
  type: 'text';
  text: string;
  synthetic?: boolean;
  ignored?: boolean;
  /** The text as OpenCode's server streams it, not yet on disk (replaced by the stored part when it lands). */
  streaming?: boolean;
}
export interface ReasoningPart extends PartBase {
  type: 'reasoning';
  text: string;
  streaming?: boolean;
}
export interface ToolPart extends PartBase {
  type: 'tool';
  callID: string;
  tool: string;
  status: ToolStatus;
  input: Record<string, unknown>;
  title?: string;
  output?: string;
  error?: string;
  metadata?: Record<string, unknown>;
  /** Set when the output was compacted away by OpenCode. */
  compacted?: number;
  /** The session this call started (a subagent: OpenCode's `task`, Claude Code's Agent tool, pi's subagents). */
  childSessionID?: string;
  /**
   * The whole output, kept by the agent in a file of its own when the result holds only part of it
   * (oh-my-pi's artifacts): served by `GET /api/sessions/[id]/parts/[partId]/full-output`.
   */
  fullOutput?: { file: string; bytes?: number; lines?: number };
}
export interface FilePart extends PartBase {
  type: 'file';
  mime: string;
  filename?: string;
  url: string;
  sourcePath?: string;
}
export interface SnapshotPart extends PartBase {
  type: 'snapshot';
  snapshot: string;
}
export interface PatchPart extends PartBase {
  type: 'patch';
  hash: string;
  files: string[];
}
export interface AgentPart extends PartBase {
  type: 'agent';
  name: string;
}
export interface CompactionPart extends PartBase {
  type: 'compaction';
  auto: boolean;
}
export interface SubtaskPart extends PartBase {
  type: 'subtask';
  prompt: string;
  description: string;
  agent: string;
}
export interface RetryPart extends PartBase {
  type: 'retry';
  attempt: number;
  error: string;
  created?: number;
}
export interface StepStartPart extends PartBase {
  type: 'step-start';
  snapshot?: string;
}
export interface StepFinishPart extends PartBase {
  type: 'step-finish';
  reason: string;
  cost: number;
  tokens: TokenCounts;
}
/**
 * Context the client added, not conversation (Claude Code attachments and meta lines: environment,
 * skill and tool listings, prompt snapshots). Only a one-line summary and the size are kept.
 */
export interface ContextPart extends PartBase {
  type: 'context';
  /** What was added, e.g. `environment`, `prompt_snapshot`, `meta`. */
  kind: string;
  summary: string;
  /** Size of the record on disk, in bytes. */
  size: number;
}
/** The model or thinking level in use changed here (pi `model_change` / `thinking_level_change`). */
export interface ModelChangePart extends PartBase {
  type: 'model-change';
  providerID?: string;
  modelID?: string;
  thinkingLevel?: string;
}
/** A subagent reporting back to the session that started it (Claude Code task notification). */
export interface AgentReportPart extends PartBase {
  type: 'agent-report';
  text: string;
  status?: string;
  /** The tool call that started the subagent. */
  callID?: string;
  childSessionID?: string;
}
/** A part whose type this version does not know: kept and shown, never dropped. */
export interface UnknownPart extends PartBase {
  type: 'unknown';
  originalType: string;
  raw: unknown;
}

export type Part =
  | TextPart
  | ReasoningPart
  | ToolPart
  | FilePart
  | SnapshotPart
  | PatchPart
  | AgentPart
  | CompactionPart
  | SubtaskPart
  | RetryPart
  | StepStartPart
  | StepFinishPart
  | ContextPart
  | ModelChangePart
  | AgentReportPart
  | UnknownPart;

export type PartType = Part['type'];
