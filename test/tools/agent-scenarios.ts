// Scripted conversations for the real Claude Code and pi fixtures (keywords in the first prompt
// pick them; `turns[i]` answers after `i` earlier model replies, so a continued, resumed or forked
// session goes on with the next turn).
import type { Reply, Scenario, StreamReply, ToolCallSpec } from './model-server';
import { MISSING_FILE, SAMPLE_FILE, WRITTEN_FILE } from './scenarios';

type Usage = NonNullable<StreamReply['usage']>;

const say = (text: string, usage: Usage, extra: Partial<StreamReply> = {}): StreamReply => ({ type: 'stream', text, usage, ...extra });
const call = (toolCalls: ToolCallSpec[], usage: Usage, extra: Partial<StreamReply> = {}): StreamReply => ({ type: 'stream', toolCalls, usage, ...extra });
const overloaded = (failures?: number, then?: Reply): Reply => ({ type: 'error', status: 529, message: 'Overloaded', ...(failures !== undefined ? { failures } : {}), ...(then ? { then } : {}) });

/** Claude Code scenarios; `project` is the absolute project folder (its tools want absolute paths). */
export function claudeScenarios(project: string): Scenario[] {
  const at = (name: string) => `${project}/${name}`;
  return [
    {
      name: 'c-tools',
      keyword: '[ssc:c-tools]',
      turns: [
        call(
          [
            { name: 'Read', input: { file_path: at(SAMPLE_FILE) } },
            { name: 'Bash', input: { command: 'echo hello from bash', description: 'Print a greeting' } },
            { name: 'Read', input: { file_path: at(MISSING_FILE) } },
          ],
          { prompt: 12_000, completion: 300, cacheWrite: 8_000 },
          { reasoning: 'The user wants the files inspected. Read the readme, run a command, try the missing file.', text: 'Let me look at the project first.' },
        ),
        call(
          [
            { name: 'Write', input: { file_path: at(WRITTEN_FILE), content: 'notes written by the scripted model\n' } },
            { name: 'Edit', input: { file_path: at(SAMPLE_FILE), old_string: 'A tiny project', new_string: 'A small project' } },
          ],
          { prompt: 14_000, completion: 250, cached: 8_000, cacheWrite: 2_000 },
        ),
        say('The readme exists, the second file is missing, I wrote notes.txt and edited the readme.', { prompt: 15_000, completion: 150, cached: 10_000 }),
      ],
    },
    {
      name: 'c-resume',
      keyword: '[ssc:c-resume]',
      turns: [
        say('First answer.', { prompt: 9_000, completion: 40, cacheWrite: 6_000 }),
        say('Second answer, after --continue with another model.', { prompt: 9_500, completion: 60, cached: 6_000 }),
        say('Third answer, after --resume.', { prompt: 10_000, completion: 70, cached: 9_000 }),
        say('Fourth answer, in the fork only.', { prompt: 10_500, completion: 80, cached: 9_500 }),
      ],
    },
    {
      name: 'c-task',
      keyword: '[ssc:c-task]',
      turns: [
        call(
          [{ name: 'Agent', input: { description: 'Summarize the readme', prompt: '[ssc:c-sub] Read README.md and summarize it in one line.', subagent_type: 'general-purpose' } }],
          { prompt: 11_000, completion: 120, cacheWrite: 7_000 },
        ),
        say('The subagent reports: the readme describes a tiny sample project.', { prompt: 12_000, completion: 90, cached: 7_000 }),
      ],
    },
    {
      name: 'c-sub',
      keyword: '[ssc:c-sub]',
      turns: [
        call([{ name: 'Read', input: { file_path: at(SAMPLE_FILE) } }], { prompt: 5_000, completion: 60, cacheWrite: 3_000 }),
        say('The readme describes a tiny sample project.', { prompt: 5_400, completion: 30, cached: 3_000 }),
      ],
    },
    {
      name: 'c-bg',
      keyword: '[ssc:c-bg]',
      turns: [
        call(
          [{ name: 'Agent', input: { description: 'Background count', prompt: '[ssc:c-bgsub] Count the files and report.', subagent_type: 'general-purpose', run_in_background: true } }],
          { prompt: 11_000, completion: 110, cacheWrite: 7_000 },
        ),
        say('Started a background agent; waiting for its report.', { prompt: 11_500, completion: 40, cached: 7_000 }),
        say('The background agent reported back.', { prompt: 12_500, completion: 30, cached: 11_000 }),
        say('Done.', { prompt: 12_700, completion: 5, cached: 12_000 }),
      ],
    },
    {
      name: 'c-bgsub',
      keyword: '[ssc:c-bgsub]',
      turns: [say('There is one file.', { prompt: 4_000, completion: 20, cacheWrite: 2_000 })],
    },
    { name: 'c-retry', keyword: '[ssc:c-retry]', turns: [overloaded(1, say('Answered after one overloaded attempt.', { prompt: 8_000, completion: 50 }))] },
    { name: 'c-fail', keyword: '[ssc:c-fail]', turns: [overloaded()] },
    { name: 'c-unknown', keyword: '[ssc:c-unknown]', turns: [say('Answer from a model no price table knows.', { prompt: 7_000, completion: 100 })] },
  ];
}

/** pi scenarios (tool names and arguments as pi 0.73 declares them). */
export function piScenarios(): Scenario[] {
  return [
    {
      name: 'p-tools',
      keyword: '[ssc:p-tools]',
      turns: [
        call(
          [
            { name: 'read', input: { path: SAMPLE_FILE } },
            { name: 'bash', input: { command: 'echo hello from bash' } },
            { name: 'read', input: { path: MISSING_FILE } },
          ],
          { prompt: 6_000, completion: 200, reasoning: 50 },
          { reasoning: 'Read the readme, run a command, try the missing file.', text: 'Looking at the project.' },
        ),
        call(
          [
            { name: 'write', input: { path: WRITTEN_FILE, content: 'notes written by the scripted model\n' } },
            { name: 'edit', input: { path: SAMPLE_FILE, oldText: 'A tiny project', newText: 'A small project', edits: [{ oldText: 'A tiny project', newText: 'A small project' }] } },
          ],
          { prompt: 7_000, completion: 150, cached: 5_000 },
        ),
        say('Read, wrote notes.txt and edited the readme; the other file is missing.', { prompt: 7_500, completion: 80, cached: 6_500 }),
      ],
    },
    {
      name: 'p-resume',
      keyword: '[ssc:p-resume]',
      turns: [
        say('First answer.', { prompt: 3_000, completion: 30 }),
        say('Second answer, continued with another model and thinking level.', { prompt: 3_300, completion: 40, cached: 2_500 }),
        say('Third answer, in the fork only.', { prompt: 3_600, completion: 50, cached: 3_000 }),
      ],
    },
    { name: 'p-retry', keyword: '[ssc:p-retry]', turns: [{ type: 'error', status: 529, message: 'Overloaded', failures: 1, then: say('Answered after one failed attempt.', { prompt: 2_000, completion: 20 }) }] },
    { name: 'p-fail', keyword: '[ssc:p-fail]', turns: [{ type: 'error', status: 400, message: 'Scripted bad request: the prompt is not allowed' }] },
    { name: 'p-free', keyword: '[ssc:p-free]', turns: [say('Answer from a model with no declared cost.', { prompt: 2_500, completion: 25 })] },
  ];
}
