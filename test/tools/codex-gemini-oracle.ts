// Straight sums over the Codex CLI and Gemini CLI files of a fixture: what the oracle tests hold
// the readers to. Deliberately independent of lib/: plain JSON parsing, no shared code, and where
// a file records a figure twice, the other record than the reader's (Codex: `token_count` events;
// the reader takes `token_usage_record` lines).
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

/** Token kinds as billed: input without cache reads, output without reasoning. */
export interface SplitTokens {
  input: number;
  output: number;
  reasoning: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface CodexGeminiOracleSession {
  id: string;
  file: string;
  /** The working directory. */
  directory: string;
  parentID?: string;
  forkedFrom?: string;
  /** Codex: the subagent's nickname. */
  agent?: string;
  /** The parent's tool call that started this subagent. */
  spawnCallID?: string;
  responses: number;
  userTurns: number;
  /** Turns that ended in an error without an answer. */
  failedTurns: number;
  tokens: SplitTokens;
  models: string[];
  toolCalls: number;
  toolErrors: number;
}

export interface CodexGeminiOracle {
  description: string;
  sessions: CodexGeminiOracleSession[];
  totals: { sessions: number; responses: number; userTurns: number; toolCalls: number; tokens: SplitTokens };
}

type Json = Record<string, unknown>;
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);
const zero = (): SplitTokens => ({ input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 });

async function jsonl(file: string): Promise<Json[]> {
  const text = await readFile(file, 'utf8');
  return text.split('\n').flatMap((line) => {
    try {
      return line.trim() ? [obj(JSON.parse(line))] : [];
    } catch {
      return [];
    }
  });
}

async function filesUnder(dir: string, endings: readonly string[] = ['.jsonl']): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const nested = await Promise.all(entries.map((e) => (e.isDirectory() ? filesUnder(join(dir, e.name), endings) : Promise.resolve(endings.some((end) => e.name.endsWith(end)) ? [join(dir, e.name)] : []))));
  return nested.flat().sort();
}

/** A chat of the versions before JSONL: one document, its messages as if each were a line. */
async function legacyLines(file: string): Promise<Json[]> {
  const doc = obj(JSON.parse(await readFile(file, 'utf8')));
  const { messages, ...header } = doc;
  return [header, ...(Array.isArray(messages) ? messages.map(obj) : [])];
}

function totalsOf(sessions: CodexGeminiOracleSession[]): CodexGeminiOracle['totals'] {
  const tokens = zero();
  for (const s of sessions) for (const k of Object.keys(tokens) as (keyof SplitTokens)[]) tokens[k] += s.tokens[k];
  const sum = (f: (s: CodexGeminiOracleSession) => number) => sessions.reduce((a, s) => a + f(s), 0);
  return { sessions: sessions.length, responses: sum((s) => s.responses), userTurns: sum((s) => s.userTurns), toolCalls: sum((s) => s.toolCalls), tokens };
}

/** Codex: `<root>/YYYY/MM/DD/rollout-*.jsonl`, one thread per file. */
export async function codexOracle(root: string): Promise<CodexGeminiOracle> {
  const files = await filesUnder(root);
  const sessions: CodexGeminiOracleSession[] = [];
  const spawned = new Map<string, string>();
  for (const file of files) {
    const lines = await jsonl(file);
    const meta = obj(lines.find((l) => l.type === 'session_meta')?.payload);
    const tokens = zero();
    const models = new Set<string>();
    let model: string | undefined;
    let responses = 0;
    let userTurns = 0;
    let failedTurns = 0;
    let toolCalls = 0;
    let toolErrors = 0;
    for (const line of lines) {
      const p = obj(line.payload);
      if (line.type === 'turn_context') model = str(p.model) ?? model;
      if (line.type === 'response_item' && (p.type === 'function_call' || p.type === 'custom_tool_call')) toolCalls++;
      if (line.type === 'response_item' && p.type === 'function_call_output') {
        const agent = /"agent_id"\s*:\s*"([^"]+)"/.exec(String(p.output))?.[1];
        if (agent && str(p.call_id)) spawned.set(agent, String(p.call_id));
      }
      if (line.type !== 'event_msg') continue;
      if (p.type === 'item_completed' && obj(p.item).type === 'UserMessage') userTurns++;
      if (p.type === 'item_completed' && obj(p.item).type === 'CommandExecution' && obj(p.item).status === 'failed') toolErrors++;
      // A failed turn names the model it asked.
      if (p.type === 'task_complete' && p.error) {
        failedTurns++;
        if (model) models.add(model);
      }
      const last = obj(obj(p.info).last_token_usage);
      if (p.type !== 'token_count' || Object.keys(last).length === 0) continue;
      responses++;
      if (model) models.add(model);
      tokens.input += num(last.input_tokens) - num(last.cached_input_tokens) - num(last.cache_write_input_tokens);
      tokens.cacheRead += num(last.cached_input_tokens);
      tokens.cacheWrite += num(last.cache_write_input_tokens);
      tokens.output += num(last.output_tokens) - num(last.reasoning_output_tokens);
      tokens.reasoning += num(last.reasoning_output_tokens);
    }
    const id = str(meta.id) ?? file;
    const parentID = str(meta.parent_thread_id);
    const forkedFrom = str(meta.forked_from_id);
    const agent = str(meta.agent_nickname);
    sessions.push({
      id,
      file: relative(root, file),
      directory: str(meta.cwd) ?? '',
      ...(parentID ? { parentID } : {}),
      ...(forkedFrom ? { forkedFrom } : {}),
      ...(agent ? { agent } : {}),
      responses,
      userTurns,
      failedTurns,
      tokens,
      models: [...models].sort(),
      toolCalls,
      toolErrors,
    });
  }
  for (const s of sessions) if (s.parentID && spawned.has(s.id)) s.spawnCallID = spawned.get(s.id);
  return { description: 'straight sums over the rollouts: event_msg/token_count last_token_usage per response (input and output as billed), turn_context model (of a response or a failed turn), item_completed UserMessage turns', sessions, totals: totalsOf(sessions) };
}

const SESSION_CONTEXT_ID = 'd04923d38bb0f6017037e74183378ef4';

function hasText(content: unknown): boolean {
  if (typeof content === 'string') return content.trim() !== '';
  return Array.isArray(content) && content.some((p) => typeof obj(p).text === 'string' && String(obj(p).text).trim() !== '');
}

/** Gemini: `<gemini dir>/tmp/<project>/chats/session-*.jsonl` and `chats/<parent id>/<id>.jsonl`. */
export async function geminiOracle(geminiDir: string): Promise<CodexGeminiOracle> {
  // Versions before projects.json named the folder by the directory's hash: the folder name it is.
  const projects = obj(obj(JSON.parse(await readFile(join(geminiDir, 'projects.json'), 'utf8').catch(() => '{}')).projects));
  const dirOf = new Map(Object.entries(projects).map(([dir, name]) => [String(name), dir]));
  const directoryOf = (folder: string) => dirOf.get(folder) ?? folder;
  const all = await filesUnder(join(geminiDir, 'tmp'), ['.jsonl', '.json']);
  // A resume converts a .json chat to the .jsonl of the same name.
  const files = all.filter((f) => !(f.endsWith('.json') && all.includes(`${f}l`)));
  const sessions: CodexGeminiOracleSession[] = [];
  const spawnCalls = new Map<string, string>();
  for (const file of files) {
    const parts = relative(join(geminiDir, 'tmp'), file).split(sep);
    if (parts[1] !== 'chats') continue;
    const lines = file.endsWith('.json') ? await legacyLines(file) : await jsonl(file);
    // Every version of every message, top-level or inside `$set.messages`; the last holds.
    const last = new Map<string, Json>();
    const tokensOf = new Map<string, Json>();
    let id: string | undefined;
    for (const line of lines) {
      if (str(line.sessionId) && !('id' in line)) id ??= str(line.sessionId);
      const records = 'id' in line && 'type' in line ? [line] : Array.isArray(obj(line.$set).messages) ? (obj(line.$set).messages as unknown[]).map(obj) : [];
      for (const r of records) {
        const key = str(r.id);
        if (!key) continue;
        last.set(key, r);
        if (r.tokens) tokensOf.set(key, { ...obj(r.tokens), model: r.model });
      }
    }
    const tokens = zero();
    const models = new Set<string>();
    for (const t of tokensOf.values()) {
      tokens.input += num(t.input) - num(t.cached) + num(t.tool);
      tokens.cacheRead += num(t.cached);
      tokens.output += num(t.output);
      tokens.reasoning += num(t.thoughts);
      if (str(t.model)) models.add(String(t.model));
    }
    const messages = [...last.values()];
    const calls = messages.filter((m) => m.type === 'gemini').flatMap((m) => (Array.isArray(m.toolCalls) ? m.toolCalls.map(obj) : []));
    for (const c of calls) if (c.name === 'invoke_agent') spawnCalls.set(String(obj(c.args).prompt), String(c.id));
    const parentID = parts.length === 4 ? parts[2] : undefined;
    const firstPrompt = messages.find((m) => m.type === 'user' && hasText(m.content));
    sessions.push({
      id: id ?? file,
      file: relative(geminiDir, file),
      directory: directoryOf(parts[0] ?? ''),
      ...(parentID ? { parentID } : {}),
      ...(parentID && firstPrompt ? { spawnCallID: `prompt:${JSON.stringify(firstPrompt.content)}` } : {}),
      responses: tokensOf.size,
      userTurns: messages.filter((m) => m.type === 'user' && m.id !== SESSION_CONTEXT_ID && hasText(m.content)).length,
      failedTurns: 0,
      tokens,
      models: [...models].sort(),
      toolCalls: calls.length,
      toolErrors: calls.filter((c) => c.status === 'error').length,
    });
  }
  // A subagent's first prompt is the `prompt` its parent's invoke_agent call sent.
  for (const s of sessions) {
    if (!s.spawnCallID) continue;
    const content = JSON.parse(s.spawnCallID.slice('prompt:'.length)) as unknown;
    const text = Array.isArray(content) ? content.map((p) => String(obj(p).text ?? '')).join('') : String(content);
    const call = spawnCalls.get(text);
    if (call) s.spawnCallID = call;
    else delete s.spawnCallID;
  }
  return { description: 'straight sums over the chat files: every message version, top-level or in $set.messages, the last one holding; tokens as recorded (input and cached apart), rewritten copies without tokens change nothing', sessions, totals: totalsOf(sessions) };
}
