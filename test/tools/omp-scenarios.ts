// Scripted conversations for the real oh-my-pi fixture (tool names and arguments as omp 18.3.4
// declares them: an intent `i` on every tool, `task` with `tasks[]`, a subagent's `yield`).
import { scenarioPicker, type Reply, type Scenario, type ScenarioPicker, type StreamReply, type ToolCallSpec } from './model-server';
import { SAMPLE_FILE, WRITTEN_FILE } from './scenarios';

type Usage = NonNullable<StreamReply['usage']>;

const say = (text: string, usage: Usage): StreamReply => ({ type: 'stream', text, usage });
const call = (toolCalls: ToolCallSpec[], usage: Usage, extra: Partial<StreamReply> = {}): StreamReply => ({ type: 'stream', toolCalls, usage, ...extra });

/** Lines `seq` prints in the big-output scenario: more than omp keeps in the tool result (an artifact holds the rest). */
export const OMP_BIG_OUTPUT_LINES = 30_000;

export function ompScenarios(): Scenario[] {
  return [
    {
      name: 'o-tools',
      keyword: '[ssc:o-tools]',
      turns: [
        call(
          [
            { name: 'read', input: { i: 'Read the readme', path: SAMPLE_FILE } },
            { name: 'bash', input: { i: 'Print many numbers', command: `seq 1 ${OMP_BIG_OUTPUT_LINES}` } },
          ],
          { prompt: 6_000, completion: 200, reasoning: 40 },
          { reasoning: 'Read the readme and print numbers.', text: 'Looking at the project.' },
        ),
        call([{ name: 'write', input: { i: 'Write notes', path: WRITTEN_FILE, content: 'notes written by the scripted model\n' } }], { prompt: 9_000, completion: 120, cached: 5_000 }),
        say('Read the readme, printed the numbers and wrote notes.txt.', { prompt: 9_500, completion: 60, cached: 8_000 }),
      ],
    },
    {
      name: 'o-task',
      keyword: '[ssc:o-task]',
      turns: [
        call(
          [
            {
              name: 'task',
              input: {
                i: 'Delegate the summary',
                context: '# Goal\nA one-line summary of the readme.',
                tasks: [{ name: 'ReadmeSummary', task: '[ssc:o-sub] Read README.md and summarize it in one line.', solutionSpace: 'one answer: the summary' }],
              },
            },
          ],
          { prompt: 7_000, completion: 150, cached: 2_000 },
        ),
        // The task tool returns at once; without a wait, `omp -p` would exit and end the subagent.
        call([{ name: 'wait', input: { i: 'Wait for the subagent' } }], { prompt: 7_500, completion: 20, cached: 6_000 }),
        say('The subagent summarized the readme: a tiny sample project.', { prompt: 8_000, completion: 40, cached: 7_000 }),
      ],
    },
    {
      name: 'o-sub',
      keyword: '[ssc:o-sub]',
      turns: [
        call([{ name: 'read', input: { i: 'Read the readme', path: SAMPLE_FILE } }], { prompt: 4_000, completion: 50 }),
        call([{ name: 'yield', input: { i: 'Report the summary', data: 'A tiny sample project.' } }], { prompt: 4_500, completion: 30, cached: 3_500 }),
        say('Yielded.', { prompt: 4_600, completion: 5, cached: 4_000 }),
      ],
    },
    {
      name: 'o-resume',
      keyword: '[ssc:o-resume]',
      turns: [say('First answer.', { prompt: 3_000, completion: 30 }), say('Second answer, continued with another model.', { prompt: 3_300, completion: 40, cached: 2_500 })],
    },
    { name: 'o-fail', keyword: '[ssc:o-fail]', turns: [{ type: 'error', status: 400, message: 'Scripted bad request: the prompt is not allowed' }] },
  ];
}

const JUDGMENT: Reply = { type: 'stream', toolCalls: [{ name: 'submit_judgment', input: { answer: 'low' } }], usage: { prompt: 400, completion: 5 } };

/** omp's auto-thinking classifier asks for a `submit_judgment` call; every other request follows its scenario. */
export function ompPicker(): ScenarioPicker {
  const byScenario = scenarioPicker(ompScenarios());
  return (request, context) => {
    if (request.tools?.some((t) => t.function?.name === 'submit_judgment')) return JUDGMENT;
    return byScenario(request, context);
  };
}
