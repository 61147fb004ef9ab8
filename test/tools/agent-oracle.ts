// Straight sums over the Claude Code and pi files of a fixture: what the oracle tests hold the
// readers to. Deliberately independent of lib/: plain JSON parsing, no shared code.
import { readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';

export interface OracleTokens {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface OracleSession {
  id: string;
  file: string;
  parentID?: string;
  forkedFrom?: string;
  /** Claude subagents: `agentType` and `toolUseId` of agent-<id>.meta.json. */
  agent?: string;
  toolUseId?: string;
  /** Responses first written in this file (a fork's repeated ones count in the original). */
  responses: number;
  /** Responses this file repeats from the session it was forked from. */
  repeatedResponses: number;
  /** Prompts a person typed (not isMeta, not task notifications, not tool results), own only. */
  userTurns: number;
  tokens: OracleTokens;
  models: string[];
  /** pi: sum of own `usage.cost.total`. Claude: last cost-state `totalCostUSD` minus what a fork inherited (subagents included). */
  recordedCost: number;
  /** Claude: `hasUnknownModelCost` of the last cost-state. */
  unknownModelCost?: boolean;
}

export interface AgentOracle {
  description: string;
  sessions: OracleSession[];
  totals: { sessions: number; responses: number; userTurns: number; tokens: OracleTokens; recordedCost: number };
}

type Json = Record<string, unknown>;
export const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
export const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
export const zero = (): OracleTokens => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });

export async function jsonl(file: string): Promise<Json[]> {
  const text = await readFile(file, 'utf8');
  return text.split('\n').flatMap((line) => {
    try {
      return line.trim() ? [JSON.parse(line) as Json] : [];
    } catch {
      return [];
    }
  });
}

export function totalsOf(sessions: OracleSession[]): AgentOracle['totals'] {
  const tokens = zero();
  for (const s of sessions) for (const k of Object.keys(tokens) as (keyof OracleTokens)[]) tokens[k] += s.tokens[k];
  return {
    sessions: sessions.length,
    responses: sessions.reduce((a, s) => a + s.responses, 0),
    userTurns: sessions.reduce((a, s) => a + s.userTurns, 0),
    tokens,
    recordedCost: sessions.reduce((a, s) => a + s.recordedCost, 0),
  };
}

function isTypedPrompt(line: Json): boolean {
  if (line.type !== 'user' || line.isMeta === true) return false;
  const content = obj(line.message).content;
  const text = typeof content === 'string' ? content : Array.isArray(content) ? content.filter((b) => obj(b).type === 'text').map((b) => String(obj(b).text)).join('\n') : '';
  return text.trim() !== '' && !text.trimStart().startsWith('<task-notification>');
}

/** Claude Code: `<root>/<project>/<session>.jsonl` and `<session>/subagents/agent-<id>.jsonl`. */
export async function claudeOracle(root: string): Promise<AgentOracle> {
  const sessions: OracleSession[] = [];
  const costAfter = new Map<string, { keys: string[]; costs: (number | undefined)[] }>();
  const files: { file: string; id: string; parentID?: string; meta?: Json }[] = [];
  for (const project of (await readdir(root)).sort()) {
    const dir = join(root, project);
    for (const name of (await readdir(dir)).sort()) {
      if (name.endsWith('.jsonl')) files.push({ file: join(dir, name), id: basename(name, '.jsonl') });
      else if (!name.includes('.')) {
        const sub = join(dir, name, 'subagents');
        const names = await readdir(sub).catch(() => [] as string[]);
        for (const agent of names.filter((n) => n.endsWith('.jsonl')).sort()) {
          const meta = JSON.parse(await readFile(join(sub, agent.replace(/\.jsonl$/, '.meta.json')), 'utf8').catch(() => '{}')) as Json;
          files.push({ file: join(sub, agent), id: `${name}:${basename(agent, '.jsonl')}`, parentID: name, meta });
        }
      }
    }
  }
  const lines = new Map(await Promise.all(files.map(async (f) => [f.file, await jsonl(f.file)] as const)));
  for (const f of files) {
    const seen = new Set<string>();
    const keys: string[] = [];
    const costs: (number | undefined)[] = [];
    for (const line of lines.get(f.file) ?? []) {
      if (line.type === 'cost-state' && costs.length > 0) costs[costs.length - 1] = num(line.totalCostUSD);
      const message = obj(line.message);
      if (line.type !== 'assistant' || message.model === '<synthetic>') continue;
      const key = `${String(message.id)}|${String(line.requestId)}`;
      if (!seen.has(key)) {
        seen.add(key);
        keys.push(key);
        costs.push(undefined);
      }
    }
    costAfter.set(f.id, { keys, costs });
  }
  for (const f of files) {
    const own = new Map<string, Json>();
    let repeated = 0;
    let forkedFrom: string | undefined;
    let lastRepeated: string | undefined;
    let lastCost: Json | undefined;
    let userTurns = 0;
    let inheritedUpTo = -1;
    const all = lines.get(f.file) ?? [];
    all.forEach((line, i) => {
      const requestSession = typeof line.requestSessionId === 'string' ? line.requestSessionId : undefined;
      if (line.type === 'assistant' && requestSession && requestSession !== f.id && !f.parentID) inheritedUpTo = i;
    });
    all.forEach((line, i) => {
      if (line.type === 'cost-state') lastCost = line;
      if (isTypedPrompt(line) && i > inheritedUpTo) userTurns++;
      const message = obj(line.message);
      if (line.type !== 'assistant' || message.model === '<synthetic>') return;
      const key = `${String(message.id)}|${String(line.requestId)}`;
      const requestSession = typeof line.requestSessionId === 'string' ? line.requestSessionId : undefined;
      if (requestSession && requestSession !== f.id && !f.parentID) {
        if (!own.has(key)) {
          forkedFrom = requestSession;
          lastRepeated = key;
        }
        return;
      }
      own.set(key, line); // the last line of a response carries its final usage
    });
    repeated = new Set(all.filter((l) => l.type === 'assistant' && typeof l.requestSessionId === 'string' && l.requestSessionId !== f.id && !f.parentID).map((l) => `${String(obj(l.message).id)}|${String(l.requestId)}`)).size;
    const tokens = zero();
    const models = new Set<string>();
    for (const line of own.values()) {
      const message = obj(line.message);
      const u = obj(message.usage);
      tokens.input += num(u.input_tokens);
      tokens.output += num(u.output_tokens);
      tokens.cacheRead += num(u.cache_read_input_tokens);
      tokens.cacheWrite += num(u.cache_creation_input_tokens);
      if (typeof message.model === 'string') models.add(message.model);
    }
    let inherited = 0;
    if (forkedFrom && lastRepeated) {
      const original = costAfter.get(forkedFrom);
      const at = original?.keys.indexOf(lastRepeated) ?? -1;
      inherited = original?.costs.slice(at).find((c) => c !== undefined) ?? 0;
    }
    sessions.push({
      id: f.id,
      file: f.file.slice(root.length + 1),
      ...(f.parentID ? { parentID: f.parentID } : {}),
      ...(forkedFrom ? { forkedFrom } : {}),
      ...(typeof f.meta?.agentType === 'string' ? { agent: f.meta.agentType } : {}),
      ...(typeof f.meta?.toolUseId === 'string' ? { toolUseId: f.meta.toolUseId } : {}),
      responses: own.size,
      repeatedResponses: repeated,
      userTurns,
      tokens,
      models: [...models].sort(),
      recordedCost: lastCost ? num(lastCost.totalCostUSD) - inherited : 0,
      ...(lastCost ? { unknownModelCost: lastCost.hasUnknownModelCost === true } : {}),
    });
  }
  return {
    description:
      'Straight sums over the transcripts. A response is one message.id + requestId (its lines repeat the final usage: counted once); ' +
      'a fork repeats the original responses (requestSessionId = the original): they count in the original only. recordedCost is the last ' +
      'cost-state totalCostUSD of a top-level file (cumulative over resumes, subagents included) minus, for a fork, the original cost-state it inherited; subagent files have none (0 here).',
    sessions,
    totals: totalsOf(sessions),
  };
}

/** pi: `<root>/--<cwd>--/<stamp>_<id>.jsonl`. A fork (`parentSession`) repeats the original's entries with their ids. */
export async function piOracle(root: string): Promise<AgentOracle> {
  const sessions: OracleSession[] = [];
  for (const folder of (await readdir(root)).sort()) {
    for (const name of (await readdir(join(root, folder))).filter((n) => n.endsWith('.jsonl')).sort()) {
      const file = join(root, folder, name);
      const entries = await jsonl(file);
      const header = entries.find((e) => e.type === 'session') ?? {};
      const parentSession = typeof header.parentSession === 'string' ? header.parentSession : undefined;
      const originalIds = new Set<string>();
      if (parentSession) {
        const original = await jsonl(join(root, folder, basename(parentSession))).catch(() => [] as Json[]);
        for (const e of original) if (typeof e.id === 'string') originalIds.add(e.id);
      }
      const own = entries.filter((e) => e.type === 'message' && !originalIds.has(String(e.id)));
      const tokens = zero();
      const models = new Set<string>();
      let cost = 0;
      let responses = 0;
      let userTurns = 0;
      for (const e of own) {
        const m = obj(e.message);
        if (m.role === 'user') userTurns++;
        if (m.role !== 'assistant') continue;
        responses++;
        const u = obj(m.usage);
        tokens.input += num(u.input);
        tokens.output += num(u.output);
        tokens.cacheRead += num(u.cacheRead);
        tokens.cacheWrite += num(u.cacheWrite);
        cost += num(obj(u.cost).total);
        if (typeof m.model === 'string') models.add(m.model);
      }
      sessions.push({
        id: String(header.id),
        file: `${folder}/${name}`,
        ...(parentSession ? { forkedFrom: basename(parentSession, '.jsonl').replace(/^[^_]*_/, '') } : {}),
        responses,
        repeatedResponses: entries.filter((e) => e.type === 'message' && originalIds.has(String(e.id)) && obj(e.message).role === 'assistant').length,
        userTurns,
        tokens,
        models: [...models].sort(),
        recordedCost: cost,
      });
    }
  }
  return {
    description: "Straight sums over the session files: own assistant messages' usage and usage.cost.total; a fork's entries that repeat the original's ids count in the original only.",
    sessions,
    totals: totalsOf(sessions),
  };
}
