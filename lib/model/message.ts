import type { TokenCounts } from './tokens';

export const MESSAGE_ROLES = ['user', 'assistant'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

/** A provider or runtime error recorded on an assistant message. */
export interface MessageError {
  name: string;
  message: string;
  statusCode?: number;
  isRetryable?: boolean;
}

/**
 * Message metadata: everything but the parts. Kept in memory for every message, so it stays small.
 * For user messages `cost` is 0 and `tokens` are zero.
 */
export interface MessageInfo {
  id: string;
  sessionID: string;
  role: MessageRole;
  time: { created: number; completed?: number };
  /** For assistant messages: the user message this one answers. */
  parentID?: string;
  agent?: string;
  providerID?: string;
  modelID?: string;
  mode?: string;
  cost: number;
  /**
   * The agent records no cost for this message (Codex CLI and Gemini CLI never do; Claude Code
   * without a cost-state for the model): `cost` is 0 and means "not recorded", never "free".
   */
  costUnrecorded?: true;
  tokens: TokenCounts;
  finish?: string;
  error?: MessageError;
  /** A compaction summary message. */
  summary?: boolean;
  /**
   * A call the agent made to a model for itself, not a reply (oh-my-pi `model_usage`, e.g. its
   * auto-thinking classifier): what it was for. Its tokens and cost count in the session's spend.
   */
  sideCall?: string;
  /**
   * The context window this request ran with, where the agent's own record says (Claude Code:
   * 200,000 unless the session used the 1M option); otherwise the model's, from the price table.
   */
  contextLimit?: number;
  /**
   * Milliseconds from the request to the reply's first output, where the agent records it (oh-my-pi's
   * `ttft`) or its own times tell it (Claude Code, OpenCode: see the README's Tools & models).
   */
  ttft?: number;
}
