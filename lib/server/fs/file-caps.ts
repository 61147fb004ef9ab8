import 'server-only';

/** Largest file of each kind that is read; larger ones are listed as skipped before a byte is read. */
export const FILE_CAPS = {
  /** One OpenCode JSON record (a part with a pasted file is a few MB). */
  jsonRecord: 64 * 1024 * 1024,
  /** A pi / oh-my-pi / Claude Code transcript, read whole. */
  transcript: 256 * 1024 * 1024,
  /** A tool's whole output that an agent kept beside the transcript (oh-my-pi artifact), served on request. */
  artifact: 64 * 1024 * 1024,
  /** An oh-my-opencode plan (markdown checklist). */
  plan: 8 * 1024 * 1024,
  /** boulder.json. */
  boulder: 1024 * 1024,
  /** An opencode.json (prices and limits the user configured). */
  config: 1024 * 1024,
} as const;
