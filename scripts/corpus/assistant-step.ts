import type { IdMaker } from './ids';
import type { ModelChoice } from './models';
import type { Random } from './random';
import type { Json } from './records';
import type { TextPool } from './text-pool';
import { toolState, type ToolName } from './tool-parts';

export interface StepPlan {
  /** Tool calls in this step (0 for a final answer). */
  tools: ToolName[];
  reasoning: boolean;
  text: boolean;
  final: boolean;
}

export interface StepContext {
  random: Random;
  ids: IdMaker;
  text: TextPool;
  sessionID: string;
  messageID: string;
  cwd: string;
  model: ModelChoice;
  /** Runs a subagent for a task call starting at `at`; returns its child id and when it ended. */
  runTask(at: number, description: string): { childID: string; end: number };
}

export interface BuiltPart {
  part: Json;
  created: number;
  updated: number;
}

export interface BuiltStep {
  parts: BuiltPart[];
  end: number;
  cost: number;
  tokens: { input: number; output: number; reasoning: number; cache: { read: number; write: number } };
}

/** One assistant message = one step: step-start, reasoning, tools or text, patch, step-finish. */
export function buildStep(ctx: StepContext, plan: StepPlan, start: number): BuiltStep {
  const { random, ids, text } = ctx;
  const parts: BuiltPart[] = [];
  let t = start;
  const add = (body: Json, created: number, updated: number): void => {
    parts.push({ part: { id: ids.ascending('prt', created), sessionID: ctx.sessionID, messageID: ctx.messageID, ...body }, created, updated });
  };
  const snapshot = random.hex(40);
  add({ type: 'step-start', snapshot }, t, t);
  t += random.int(300, 3_000);
  let reasoningTokens = 0;
  if (plan.reasoning) {
    const end = t + random.int(500, 8_000);
    const body = text.proseText(random.skewed(80, 3_000));
    reasoningTokens = Math.ceil(body.length / 4);
    add({ type: 'reasoning', text: body, time: { start: t, end } }, t, end);
    t = end;
  }
  const edited: string[] = [];
  for (const tool of plan.tools) {
    const toolStart = t + random.int(50, 500);
    let end = toolStart + random.skewed(100, 20_000);
    const failed = random.chance(0.05);
    const callID = `call_${random.base62(24)}`;
    const partID = ids.ascending('prt', toolStart);
    let extra: Json = {};
    if (tool === 'task') {
      const description = random.pick(['Find where sessions are indexed', 'Summarize the readme', 'Locate the pricing lookup', 'List failing tests']);
      const run = ctx.runTask(toolStart + 200, description);
      end = run.end + random.int(200, 1_500);
      extra = { childID: run.childID, model: { providerID: ctx.model.providerID, modelID: ctx.model.modelID }, input: { description, prompt: `${description}. Report file paths and line numbers.`, subagent_type: 'explore' } };
    }
    const state = toolState(tool, { random, text, cwd: ctx.cwd, start: toolStart, end }, failed && tool !== 'task', extra);
    if (tool === 'edit' && !failed) edited.push(String((state.input as Json).filePath));
    parts.push({ part: { id: partID, sessionID: ctx.sessionID, messageID: ctx.messageID, type: 'tool', callID, tool, state }, created: toolStart, updated: end });
    t = end;
  }
  if (plan.text) {
    const end = t + random.int(300, 6_000);
    add({ type: 'text', text: text.proseText(random.skewed(40, 2_500)), time: { start: t, end } }, t, end);
    t = end;
  }
  if (edited.length > 0) add({ type: 'patch', hash: random.hex(40), files: [...new Set(edited)] }, t, t);
  t += random.int(20, 400);
  const tokens = {
    input: random.skewed(800, 60_000),
    output: random.skewed(20, 4_000) + reasoningTokens,
    reasoning: reasoningTokens,
    cache: { read: random.chance(0.7) ? random.skewed(1_000, 120_000) : 0, write: random.chance(0.3) ? random.skewed(100, 8_000) : 0 },
  };
  const [pIn, pOut, pRead, pWrite] = ctx.model.price;
  const cost = (tokens.input * pIn + tokens.output * pOut + tokens.cache.read * pRead + tokens.cache.write * pWrite) / 1_000_000;
  const reason = plan.final ? 'stop' : 'tool-calls';
  add({ type: 'step-finish', reason, snapshot: random.hex(40), cost, tokens: { total: tokens.input + tokens.output + tokens.cache.read, ...tokens } }, t, t);
  return { parts, end: t, cost, tokens };
}
