import { treeWriter } from './write-opencode-tree';

export interface LongSession {
  id: string;
  turns: number;
  /** The newest reply's text. */
  newestText: string;
  /** A tool part of an early turn (older than the first page of turns). */
  earlyPartID: string;
  earlyOutput: string;
  /** Turns whose tool call failed. */
  errorTurns: number[];
}

/**
 * A session of `turns` turns in OpenCode's JSON tree under `dataDir`: every turn a prompt (every
 * 50th a 15-line paste), a tool call (read or bash; every 40th fails), a reply, and reasoning on
 * every third.
 */
export function writeLongSession(dataDir: string, turns = 320, now = Date.now()): LongSession {
  const w = treeWriter(dataDir);
  w.project('p-long', '/home/dev/long');
  const t0 = now - 8 * 3_600_000;
  const id = w.session({ projectID: 'p-long', directory: '/home/dev/long', title: `A ${turns}-turn refactor`, created: t0 });
  let earlyPartID = '';
  const errorTurns: number[] = [];
  for (let t = 0; t < turns; t++) {
    const at = t0 + t * 60_000;
    const prompt = t % 50 === 7 ? Array.from({ length: 15 }, (_, i) => `line ${i + 1} of a pasted log for turn ${t + 1}`).join('\n') : `Turn ${t + 1}: keep going`;
    const user = w.user(id, at, prompt);
    const reply = w.assistant({ sessionID: id, parentID: user, at: at + 1_000, done: at + 50_000, cost: 0.01, usage: { input: 1000, output: 100 }, finish: 'stop' });
    if (t % 3 === 0) w.part(id, reply, { type: 'reasoning', text: `Thinking about turn ${t + 1}`, time: { start: at + 1_500, end: at + 1_600 } });
    const failed = t % 40 === 5;
    if (failed) errorTurns.push(t);
    const state = failed
      ? { status: 'error', input: { command: `make step-${t + 1}` }, error: `step ${t + 1} failed`, time: { start: at + 2_000, end: at + 2_001 } }
      : { status: 'completed', input: { filePath: `/src/f${t + 1}.ts` }, output: `contents of f${t + 1}`, time: { start: at + 2_000, end: at + 2_001 } };
    const tool = w.part(id, reply, { type: 'tool', callID: `c${t}`, tool: failed ? 'bash' : 'read', state });
    if (t === 10) earlyPartID = tool;
    w.part(id, reply, { type: 'text', text: `Reply to turn ${t + 1}: done.`, time: { start: at + 3_000, end: at + 3_000 } });
    w.part(id, reply, { type: 'step-finish', reason: 'stop', cost: 0.01, tokens: { input: 1000, output: 100, reasoning: 0, cache: { read: 0, write: 0 } } });
  }
  return { id, turns, newestText: `Reply to turn ${turns}: done.`, earlyPartID, earlyOutput: 'contents of f11', errorTurns };
}
