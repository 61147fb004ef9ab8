import type { Generated } from 'kysely';

/**
 * The session database's tables, as Kysely sees them: one schema for the SQLite cache on this
 * machine and a team's PostgreSQL. Times are ms since the epoch; token counts and costs are the
 * readers' figures, never derived ones (prices change; figures are computed when asked).
 */
export interface SessionDb {
  schema_migration: SchemaMigrationTable;
  source: SourceTable;
  project: ProjectTable;
  session: SessionTable;
  message: MessageTable;
  usage_rollup: UsageRollupTable;
  usage_total: UsageTotalTable;
  usage_pending: UsagePendingTable;
  session_summary: SessionSummaryTable;
  session_summary_body: SessionSummaryBodyTable;
  otlp_export: OtlpExportTable;
  part: PartTable;
  plan: PlanTable;
  session_status: SessionStatusTable;
  part_text: PartTextTable;
  source_file: SourceFileTable;
}

/** One row per forward-only migration that ran (see migrations/). */
export interface SchemaMigrationTable {
  version: number;
  name: string;
  applied_at: number;
}

/** One reader's root: a database file or a folder. Its id keys every row it wrote. */
export interface SourceTable {
  id: number;
  /** The machine whose source it is (`--machine`, the host name) in a team's database; '' in the cache (this one). */
  machine: Generated<string>;
  /** Whose sessions they are (`--person`, the OS user name) in a team's database; '' in the cache. */
  person: Generated<string>;
  /** `${kind}:${path}`, as the reader names itself; unique per machine. */
  key: string;
  kind: string;
  path: string;
  /** Higher wins when two sources hold the same session id (OpenCode's database over its JSON tree). */
  priority: number;
  /**
   * The source's fingerprint (its files' identity, size and time) that its last complete read began
   * at: while the source still has it, the rows are the source's whole content.
   */
  complete_as: string | null;
  /** Where its reader follows on from, as of the newest change set written while the source was held whole (ChangeSet.resumeMark). */
  resume_at: string | null;
  /**
   * Counts the transactions that changed the source's rows (a change set, a sweep, a sum): the
   * summary rows are current while `summaries_as` names the generation they were built at.
   */
  data_generation: Generated<number>;
  /**
   * What the source's summary rows were last built from, as one JSON value (see
   * store/summary-basis.ts): the code and prices' basis and the data generation. Null: not current.
   */
  summaries_as: string | null;
}

export interface ProjectTable {
  source_id: number;
  id: string;
  name: string | null;
  worktree: string;
}

export interface SessionTable {
  source_id: number;
  id: string;
  /** The SourceKind the session was read as. */
  kind: string;
  project_id: string;
  directory: string;
  parent_id: string | null;
  forked_from: string | null;
  title: string;
  created: number;
  updated: number;
  archived: number | null;
  origin: string;
  /**
   * In a team's database, the digest of the session's row and messages as the publisher last wrote
   * them (a publish writes again only the sessions whose digest differs); null in the cache.
   */
  digest: string | null;
}

/**
 * In a team's database, each session's status as its machine's dashboard inferred it when it last
 * published (a SessionStatus). Apart from `session`, which the cache's writer fills: the cache holds
 * none (this machine's statuses are inferred live).
 */
export interface SessionStatusTable {
  source_id: number;
  session_id: string;
  status: string;
}

/**
 * A machine's plan in a team's database (an oh-my-opencode boulder work or a plan file): its
 * progress as counts, never its items' text. The cache holds none (plans are read from their files).
 */
export interface PlanTable {
  machine: string;
  person: string;
  /** The plan's key on its machine (boulder path and work id, or the plan file's path). */
  key: string;
  project_dir: string;
  name: string;
  /** The work's PlanStatus (active, completed, paused, abandoned); null for a plan file no boulder names. */
  status: string | null;
  /** 1 for the boulder's active work. */
  active: number;
  /** Checked and all items of the plan file; null where it could not be read. */
  done: number | null;
  total: number | null;
  started: number | null;
  updated: number | null;
  /** The work's session ids, comma-separated (session ids hold no commas). */
  session_ids: string;
}

export interface MessageTable {
  source_id: number;
  id: string;
  session_id: string;
  role: string;
  created: number;
  completed: number | null;
  provider_id: string | null;
  model_id: string | null;
  /** The agent, or the mode where the agent named none (what groupings read). */
  agent: string | null;
  cost: number;
  /** 1 where the agent records no cost for the message (Codex CLI, Gemini CLI): its `cost` 0 is not "free". */
  cost_unrecorded: number;
  input: number;
  output: number;
  reasoning: number;
  cache_read: number;
  cache_write: number;
  /** Milliseconds to the reply's first token, where the agent records it. */
  ttft: number | null;
  /**
   * The rest of the message as JSON (see `MessageExtras` in ingest/rows.ts): the prompt it answers,
   * agent and mode as recorded, finish, error, compaction and side-call flags, context window. Null
   * where there is none. Never published to a team's database.
   */
  info: string | null;
}

/** Assistant messages' usage summed (see usage-expressions.ts USAGE_SUMS). */
export interface UsageSums {
  messages: number;
  used_messages: number;
  cost: number;
  unrecorded_messages: number;
  input: number;
  output: number;
  reasoning: number;
  cache_read: number;
  cache_write: number;
}

/**
 * Assistant messages' usage per session, quarter hour, model, agent and long-context tier, kept by
 * the writer for every session a change set touched: stats sum these rows, not every message.
 */
export interface UsageRollupTable extends UsageSums {
  source_id: number;
  session_id: string;
  /** ms / 900,000, floored: local days and hours of any zone are unions of quarter hours. */
  quarter: number;
  provider_id: string | null;
  model_id: string | null;
  agent: string | null;
  long_context: number;
  /**
   * The session's kind, project and folder the row was summed under (null: the session was not
   * written yet): usage_total is keyed by them, so a row leaves the total it joined.
   */
  kind: string | null;
  project_id: string | null;
  directory: string | null;
}

/**
 * usage_rollup summed above the session, per source and per what pricing and the totals' groupings
 * need (provider, model, agent, the session's kind, project and folder, the long-context tier):
 * a history's total is a few hundred rows, not one per session and quarter hour. The writer adds a
 * session's rows as it writes them and takes them out before it deletes them (see ingest/rollup.ts).
 */
export interface UsageTotalTable extends UsageSums {
  source_id: number;
  /** The grouping columns in one unambiguous text (see usage-expressions.ts `totalKeyOf`): a unique key that NULLs do not split. */
  key: string;
  provider_id: string | null;
  model_id: string | null;
  agent: string | null;
  kind: string | null;
  project_id: string | null;
  directory: string | null;
  long_context: number;
}

/**
 * A session whose messages were written with its usage not summed (a first read sums its sessions
 * once all its messages are in: see SessionDbMirror), written in the transaction that writes them
 * and deleted in the one that sums them: usage_rollup is the sum of the messages of every session
 * not listed here. Another process on the same database, whose equal rows write nothing, and a
 * start after one stopped before its sums take them from here (the cache's writer only).
 */
export interface UsagePendingTable {
  source_id: number;
  session_id: string;
}

/**
 * One row per session shown, from the source that owns it (one per id among a dashboard's sources):
 * the columns the session table's filters, orders and keyset pages read; the summary itself is in
 * SessionSummaryBodyTable. Written by the store whenever it builds a session's
 * summary anew (the session or a descendant changed, its status aged, the prices changed) and
 * only when it differs (`hash`); statuses age with time and are kept current as they change.
 */
export interface SessionSummaryTable {
  source_id: number;
  session_id: string;
  project_id: string;
  directory: string;
  parent_id: string | null;
  forked_from: string | null;
  kind: string;
  /** 1 if archived. */
  archived: number;
  /** The title, lower-cased (the title order and the text filter). */
  title_key: string;
  /** An untitled session's first prompt, lower-cased (the text filter). */
  prompt_key: string | null;
  created: number;
  first_activity: number;
  last_activity: number;
  /** The session's own messages'. */
  cost: number;
  /** With its descendants. */
  total_cost: number;
  tokens: number;
  messages: number;
  status: string;
  /** The last write the status saw (an error needs you for two hours after it). */
  last_write: number;
  /** Its models, each between newlines (`\nanthropic/claude\n...`): a model filter is one `instr`. */
  models: string;
  /** Its agents, lower-cased, the same way. */
  agents: string;
  /** Of the summary's JSON (SessionSummaryBodyTable): a summary built again the same writes nothing. */
  hash: string;
}

/** A session's summary as the session table lists it (a SessionSummary's JSON), beside its SessionSummaryTable row. */
export interface SessionSummaryBodyTable {
  source_id: number;
  session_id: string;
  body: string;
}

/** One trace an OpenTelemetry endpoint acknowledged (`sessionscope export --otlp`): never sent to it again. */
export interface OtlpExportTable {
  /** The traces URL it was sent to. */
  endpoint: string;
  trace_id: string;
  /** The root session and the turn (its prompt's message id) the trace is. */
  session_id: string;
  turn_id: string;
  spans: number;
  exported_at: number;
}

/**
 * A session file of a file reader (Claude Code, pi, Codex, Gemini) in the cache: the version (its
 * and the files its read takes from: identity, size, time) its records were read at, and its head
 * (session, project, newest parts, issues) as JSON. Written with the file's records, in one
 * transaction: a restart reads only the files whose version changed. A team's database holds none.
 */
export interface SourceFileTable {
  source_id: number;
  path: string;
  version: string;
  session_id: string | null;
  head: string;
}

/** A part of a message without its text or output: tool calls' name, outcome and times. */
export interface PartTable {
  source_id: number;
  id: string;
  session_id: string;
  message_id: string;
  /** The PartType. */
  type: string;
  tool: string | null;
  /** A tool call's ToolStatus. */
  status: string | null;
  /** 1 for a tool call the user turned down at its permission prompt (not the tool failing). */
  rejected: number;
  created: number | null;
  ended: number | null;
  /**
   * What status and context use read beyond the columns, as compact JSON (ingest/part-extra.ts):
   * a step's finish reason, cost and tokens, an unfinished call's main argument, a row's time
   * written where it is later than its own times. NULL when there is none (most tool calls).
   */
  extra: string | null;
}

/**
 * The text of one part (or of a message's error: `part_id` ''), of one kind, in a team's database,
 * published only with `--publish-text` and cut to a cap per kind (see lib/team/published-text.ts).
 * The cache never fills it: this machine reads its text from the sources when asked. PostgreSQL
 * adds `words` (its tsvector, generated; see migration 0008), which only team search reads.
 */
export interface PartTextTable {
  source_id: number;
  session_id: string;
  message_id: string;
  part_id: string;
  /** A PublishedTextKind: prompt, reply, reasoning, tool-input, tool-output, error. */
  kind: string;
  /** When it was written (ms): the part's start, else its message's creation. */
  time: number;
  text: string;
  /** 1 where the text was longer than its kind's cap and only its start is here. */
  cut: number;
}
