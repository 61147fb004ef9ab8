// Scripted conversations for the real Codex CLI and Gemini CLI fixtures (keywords in any user
// message pick them; `turns[i]` answers after `i` earlier replies, so a resumed or forked session
// goes on with the next turn). Usage is in each API's own terms: `prompt` includes `cached`;
// Codex's `completion` includes `reasoning` (OpenAI), Gemini's excludes it (thoughts apart).
import type { ChatRequest, Reply, Scenario, StreamReply, ToolCallSpec } from './model-server';
import { MISSING_FILE, SAMPLE_FILE } from './scenarios';

type Usage = NonNullable<StreamReply['usage']>;

const say = (text: string, usage: Usage, extra: Partial<StreamReply> = {}): StreamReply => ({ type: 'stream', text, usage, ...extra });
const call = (toolCalls: ToolCallSpec[], usage: Usage, extra: Partial<StreamReply> = {}): StreamReply => ({ type: 'stream', toolCalls, usage, ...extra });
const serverError = (failures?: number, then?: Reply): Reply => ({ type: 'error', status: 500, message: 'Scripted internal error', ...(failures !== undefined ? { failures } : {}), ...(then ? { then } : {}) });

/** About 109 KB of output: more than either agent keeps in its record. */
export const BIG_OUTPUT_COMMAND = 'seq 1 20000';

/** Stands for the id `spawn_agent` returned, filled in from the request (see {@link fillSpawnedAgent}). */
export const SPAWNED = '$spawned';

export function codexScenarios(project: string): Scenario[] {
  const shell = (cmd: string): ToolCallSpec => ({ name: 'exec_command', input: { cmd, workdir: project } });
  return [
    {
      name: 'x-tools',
      keyword: '[ssc:x-tools]',
      turns: [
        call([shell(`cat ${SAMPLE_FILE}`), shell(`cat ${MISSING_FILE}`)], { prompt: 6_000, completion: 320, cached: 2_000, reasoning: 120 }, { reasoning: 'Read the readme, then try the missing file.', text: 'Looking at the project.' }),
        say('The readme describes a tiny project; the other file is missing.', { prompt: 7_200, completion: 60, cached: 5_800 }),
      ],
    },
    {
      name: 'x-resume',
      keyword: '[ssc:x-resume]',
      turns: [
        say('First answer.', { prompt: 4_000, completion: 40, cached: 1_000 }),
        say('Second answer, resumed with another model.', { prompt: 4_300, completion: 50, cached: 3_900 }),
        say('Third answer, resumed by id.', { prompt: 4_600, completion: 60, cached: 4_200, reasoning: 20 }),
        say('Fourth answer, in the fork only.', { prompt: 4_900, completion: 70, cached: 4_500 }),
      ],
    },
    {
      name: 'x-task',
      keyword: '[ssc:x-task]',
      turns: [
        call([{ name: 'spawn_agent', namespace: 'multi_agent_v1', input: { message: '[ssc:x-child] Read README.md and report in one line.' } }], { prompt: 5_000, completion: 90, cached: 1_500 }),
        call([{ name: 'wait_agent', namespace: 'multi_agent_v1', input: { targets: [SPAWNED], timeout_ms: 60_000 } }], { prompt: 5_300, completion: 40, cached: 4_900 }),
        say('The subagent reports: a tiny sample project.', { prompt: 5_700, completion: 30, cached: 5_200 }),
      ],
    },
    {
      name: 'x-child',
      keyword: '[ssc:x-child]',
      turns: [
        call([shell(`cat ${SAMPLE_FILE}`)], { prompt: 3_000, completion: 50, cached: 800 }),
        say('Subagent finished: a tiny sample project.', { prompt: 3_300, completion: 20, cached: 2_900 }),
      ],
    },
    {
      name: 'x-big',
      keyword: '[ssc:x-big]',
      turns: [call([shell(BIG_OUTPUT_COMMAND)], { prompt: 3_500, completion: 30 }), say('Printed twenty thousand lines.', { prompt: 31_000, completion: 20, cached: 3_400 })],
    },
    { name: 'x-retry', keyword: '[ssc:x-retry]', turns: [serverError(1, say('Answered after one failed attempt.', { prompt: 2_000, completion: 25 }))] },
    { name: 'x-fail', keyword: '[ssc:x-fail]', turns: [serverError()] },
  ];
}

/**
 * `wait_agent` needs the id that `spawn_agent` returned: taken from the request's
 * `function_call_output` (`{"agent_id": ...}`).
 */
export function fillSpawnedAgent(reply: Reply, request: ChatRequest): Reply {
  if (reply.type !== 'stream' || !reply.toolCalls?.some((c) => JSON.stringify(c.input).includes(SPAWNED))) return reply;
  const outputs = ((request.input ?? []) as { type?: string; output?: unknown }[]).filter((i) => i.type === 'function_call_output');
  const spawned = outputs.flatMap((o) => /"agent_id"\s*:\s*"([^"]+)"/.exec(String(o.output))?.[1] ?? []).at(-1) ?? 'unknown';
  return { ...reply, toolCalls: reply.toolCalls.map((c) => ({ ...c, input: JSON.parse(JSON.stringify(c.input).replaceAll(SPAWNED, spawned)) as Record<string, unknown> })) };
}

export function geminiScenarios(project: string): Scenario[] {
  const at = (name: string) => `${project}/${name}`;
  return [
    {
      name: 'g-tools',
      keyword: '[ssc:g-tools]',
      turns: [
        call(
          [
            { name: 'read_file', input: { file_path: at(SAMPLE_FILE) } },
            { name: 'run_shell_command', input: { command: 'echo hello from the shell', description: 'Print a greeting' } },
            { name: 'read_file', input: { file_path: at(MISSING_FILE) } },
          ],
          { prompt: 8_000, completion: 150, cached: 3_000, reasoning: 220 },
          { reasoning: '**Inspecting** Read the readme, run a command, then try the missing file.', text: 'Looking at the project.' },
        ),
        say('The readme describes a tiny project; the other file is missing.', { prompt: 9_400, completion: 70, cached: 7_900 }),
      ],
    },
    {
      name: 'g-resume',
      keyword: '[ssc:g-resume]',
      turns: [
        say('First answer.', { prompt: 5_000, completion: 40, cached: 1_000 }),
        say('Second answer, resumed with another model.', { prompt: 5_300, completion: 50, cached: 4_900, reasoning: 30 }),
        say('Third answer, resumed by id.', { prompt: 5_600, completion: 60, cached: 5_200 }),
      ],
    },
    {
      name: 'g-task',
      keyword: '[ssc:g-task]',
      turns: [
        call([{ name: 'invoke_agent', input: { agent_name: 'generalist', prompt: '[ssc:g-child] Read README.md and report what the project is in one line.' } }], { prompt: 7_000, completion: 80, cached: 2_000 }),
        say('The subagent reports: a tiny sample project.', { prompt: 7_600, completion: 30, cached: 6_900 }),
      ],
    },
    {
      name: 'g-child',
      keyword: '[ssc:g-child]',
      turns: [
        call([{ name: 'read_file', input: { file_path: at(SAMPLE_FILE) } }], { prompt: 4_000, completion: 40, cached: 500 }),
        call([{ name: 'complete_task', input: { result: { response: 'Subagent finished: found README.md.' } } }], { prompt: 4_400, completion: 30, cached: 3_900 }),
      ],
    },
    {
      name: 'g-big',
      keyword: '[ssc:g-big]',
      turns: [call([{ name: 'run_shell_command', input: { command: BIG_OUTPUT_COMMAND, description: 'Print many lines' } }], { prompt: 4_500, completion: 30 }), say('Printed twenty thousand lines.', { prompt: 16_000, completion: 20, cached: 4_400 })],
    },
    { name: 'g-retry', keyword: '[ssc:g-retry]', turns: [serverError(1, say('Answered after one failed attempt.', { prompt: 3_000, completion: 25 }))] },
    // A 400 (not retried): a 500 on every attempt keeps Gemini CLI retrying for minutes.
    { name: 'g-fail', keyword: '[ssc:g-fail]', turns: [{ type: 'error', status: 400, message: 'Scripted bad request: the prompt is not allowed' }] },
  ];
}
