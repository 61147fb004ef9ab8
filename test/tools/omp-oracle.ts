// Straight sums over the oh-my-pi files of a fixture. Independent of lib/ (plain JSON parsing).
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { jsonl, num, obj, totalsOf, zero, type AgentOracle, type OracleSession } from './agent-oracle';

export interface OmpOracleSession extends OracleSession {
  /** `model_usage` lines: model calls the agent made for itself (counted in responses, tokens and cost). */
  sideCalls: number;
  /** The file's last entry is a `session_exit` after its last message. */
  exited: boolean;
  /** `<n>.bash.log` artifacts in the session's folder (big outputs kept whole). */
  artifacts: string[];
}

export type OmpOracle = Omit<AgentOracle, 'sessions'> & { sessions: OmpOracleSession[] };

async function sessionFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (e.isFile() && e.name.endsWith('.jsonl')) files.push(join(dir, e.name));
    else if (e.isDirectory()) files.push(...(await sessionFiles(join(dir, e.name))));
  }
  return files;
}

/** `<root>/<folder>/<stamp>_<id>.jsonl`; a task subagent in `<parent file without .jsonl>/<Name>.jsonl`. */
export async function ompOracle(root: string): Promise<OmpOracle> {
  const files = await sessionFiles(root);
  const idOf = new Map<string, string>();
  const read = new Map<string, Record<string, unknown>[]>();
  for (const file of files) {
    const entries = await jsonl(file);
    read.set(file, entries);
    idOf.set(file, String(entries.find((e) => e.type === 'session')?.id));
  }
  const sessions: OmpOracleSession[] = [];
  for (const file of files) {
    const entries = read.get(file) ?? [];
    const parentFile = `${join(file, '..')}.jsonl`;
    const tokens = zero();
    const models = new Set<string>();
    let cost = 0;
    let responses = 0;
    let sideCalls = 0;
    let userTurns = 0;
    for (const e of entries) {
      const m = e.type === 'model_usage' ? e : e.type === 'message' ? obj(e.message) : undefined;
      if (!m) continue;
      if (m.role === 'user') userTurns++;
      if (e.type === 'message' && m.role !== 'assistant') continue;
      if (e.type === 'model_usage') sideCalls++;
      responses++;
      const u = obj(m.usage);
      tokens.input += num(u.input);
      tokens.output += num(u.output);
      tokens.cacheRead += num(u.cacheRead);
      tokens.cacheWrite += num(u.cacheWrite);
      cost += num(obj(u.cost).total);
      if (typeof m.model === 'string') models.add(m.model);
    }
    const lastMessage = entries.map((e) => e.type).lastIndexOf('message');
    const exitAt = entries.findLastIndex((e) => e.type === 'custom' && e.customType === 'session_exit');
    const stem = file.slice(0, -'.jsonl'.length);
    const artifacts = (await readdir(stem).catch(() => [] as string[])).filter((n) => n.endsWith('.log')).sort();
    sessions.push({
      id: idOf.get(file) ?? '',
      file: relative(root, file),
      ...(idOf.has(parentFile) ? { parentID: idOf.get(parentFile) } : {}),
      responses,
      repeatedResponses: 0,
      userTurns,
      tokens,
      models: [...models].sort(),
      recordedCost: cost,
      sideCalls,
      exited: exitAt > lastMessage,
      artifacts,
    });
  }
  return {
    description:
      "Straight sums over the session files: assistant messages' and model_usage lines' usage and usage.cost.total (omp's own accounting adds side calls to the session); a subagent's parent is the file its folder is named after.",
    sessions,
    totals: totalsOf(sessions),
  };
}
