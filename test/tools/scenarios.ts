// Scripted model conversations, as data. A scenario is picked by its keyword in
// the first user message; `turns[i]` answers after `i` earlier model steps.
// Tool inputs carry every field any supported OpenCode version wants; the model
// server drops the ones a version's tool schema does not declare.
import type { Reply, Scenario, StreamReply, ToolCallSpec } from './model-server';

export const HOSTILE_SNIPPETS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[click](javascript:alert(1))',
] as const;

export const SAMPLE_FILE = 'README.md';
export const SAMPLE_FILE_CONTENT = '# Sample project\n\nA tiny project used by Sessionscope fixtures.\n';
export const MISSING_FILE = 'missing-file.txt';
export const WRITTEN_FILE = 'notes.txt';
/** Lines printed by the large-output bash call (about 100 KB of output). */
export const LARGE_OUTPUT_LINES = 2200;

function text(text: string, usage: StreamReply['usage'], extra: Partial<StreamReply> = {}): StreamReply {
  return { type: 'stream', text, usage, ...extra };
}

function tools(calls: ToolCallSpec[], usage: StreamReply['usage'], extra: Partial<StreamReply> = {}): StreamReply {
  return { type: 'stream', toolCalls: calls, usage, ...extra };
}

export function bash(command: string, description: string): ToolCallSpec {
  return { name: 'bash', input: { command, description } };
}

export function read(filePath: string): ToolCallSpec {
  return { name: 'read', input: { filePath } };
}

export function task(description: string, prompt: string, subagentType = 'general'): ToolCallSpec {
  return { name: 'task', input: { description, prompt, subagent_type: subagentType } };
}

const PLAIN_TEXT = [
  '## Plain answer',
  '',
  'Here is a short answer with **bold**, `inline code` and a list:',
  '',
  '- first item',
  '- second item',
  '',
  '```ts',
  'export const answer = 42;',
  '```',
].join('\n');

const HOSTILE_TEXT = [
  'Hostile content follows, it must be shown as text:',
  ...HOSTILE_SNIPPETS.map((snippet) => `- ${snippet}`),
].join('\n');

/** The scenarios every fixture covers (keywords are matched literally). */
export const SCENARIOS = {
  plain: {
    name: 'plain',
    keyword: '[ssc:plain]',
    turns: [text(PLAIN_TEXT, { prompt: 12_000, completion: 800, cached: 4_000 })],
  },
  reasoning: {
    name: 'reasoning',
    keyword: '[ssc:reasoning]',
    turns: [
      {
        type: 'stream',
        reasoning: 'The user wants a reasoned answer. First consider the options, then pick the simplest one.',
        text: 'After thinking it over: the simplest option is best.',
        usage: { prompt: 15_000, completion: 1_200, cached: 5_000, reasoning: 700 },
      },
    ],
  },
  tools: {
    name: 'tools',
    keyword: '[ssc:tools]',
    turns: [
      tools(
        [
          read(SAMPLE_FILE),
          bash('echo hello from bash', 'Print a greeting'),
          {
            name: 'todowrite',
            input: {
              todos: [
                { id: '1', content: 'Read the readme', status: 'completed', priority: 'high' },
                { id: '2', content: 'Write notes', status: 'in_progress', priority: 'medium' },
              ],
            },
          },
        ],
        { prompt: 20_000, completion: 300, cached: 8_000 },
        { text: 'Let me look at the project first.' },
      ),
      tools(
        [
          read(MISSING_FILE),
          { name: 'write', input: { filePath: WRITTEN_FILE, content: 'notes written by the scripted model\n' } },
        ],
        { prompt: 22_000, completion: 250, cached: 20_000 },
        // A real model streams slower than the snapshot OpenCode takes at step start; without a
        // pause the write runs before that snapshot and no `patch` part is recorded.
        { delayMs: 150 },
      ),
      text('The readme exists, the second file is missing, and I wrote notes.txt.', {
        prompt: 23_000,
        completion: 150,
        cached: 22_000,
      }),
    ],
  },
  task: {
    name: 'task',
    keyword: '[ssc:task]',
    turns: [
      tools([task('Summarize the readme', '[ssc:subagent] Read README.md and summarize it in one line.')], {
        prompt: 18_000,
        completion: 200,
      }),
      text('The subagent reports: the readme describes a tiny sample project.', {
        prompt: 19_000,
        completion: 120,
        cached: 18_000,
      }),
    ],
  },
  subagent: {
    name: 'subagent',
    keyword: '[ssc:subagent]',
    turns: [
      tools([read(SAMPLE_FILE)], { prompt: 9_000, completion: 90 }),
      text('The readme describes a tiny sample project.', { prompt: 9_500, completion: 60, cached: 9_000 }),
    ],
  },
  error: {
    name: 'error',
    keyword: '[ssc:error]',
    turns: [{ type: 'error', status: 400, message: 'Scripted bad request: the prompt is not allowed' }],
  },
  large: {
    name: 'large',
    keyword: '[ssc:large]',
    turns: [
      tools(
        [bash(`seq -f 'large output line %05g: lorem ipsum dolor sit amet' 1 ${LARGE_OUTPUT_LINES}`, 'Print many lines')],
        { prompt: 14_000, completion: 100 },
      ),
      text('That printed a lot of lines.', { prompt: 40_000, completion: 40, cached: 14_000 }),
    ],
  },
  hostile: {
    name: 'hostile',
    keyword: '[ssc:hostile]',
    title: `Hostile ${HOSTILE_SNIPPETS[1]} title`,
    turns: [
      tools(
        [bash(`printf '%s\\n' ${HOSTILE_SNIPPETS.map((s) => `'${s}'`).join(' ')}`, 'Print hostile markup')],
        { prompt: 11_000, completion: 150 },
        { text: HOSTILE_TEXT },
      ),
      text(`${HOSTILE_TEXT}\n\nDone: the output above is inert.`, { prompt: 12_000, completion: 120, cached: 11_000 }),
    ],
  },
  priced: {
    name: 'priced',
    keyword: '[ssc:priced]',
    turns: [text('Answer from a model whose declared cost is zero.', { prompt: 30_000, completion: 900, cached: 10_000 })],
  },
  unpriced: {
    name: 'unpriced',
    keyword: '[ssc:unpriced]',
    turns: [text('Answer from a model that no price table knows.', { prompt: 8_000, completion: 400 })],
  },
  global: {
    name: 'global',
    keyword: '[ssc:global]',
    turns: [text('Answer in a directory that is not a git repository.', { prompt: 5_000, completion: 50 })],
  },
} satisfies Record<string, Scenario>;

export type ScenarioName = keyof typeof SCENARIOS;

/** Slow turns for live tests: reasoning + text over ~3 s, a `sleep 2`, then a subagent. */
export function liveScenarios(delayMs = 100): Scenario[] {
  const slow = (reply: StreamReply): StreamReply => ({ ...reply, delayMs, chunkSize: 6 });
  const turns: Reply[] = [
    slow({
      type: 'stream',
      reasoning: 'Thinking slowly so that a watcher can see the reasoning part grow.',
      text: 'Streaming this answer slowly, then running a slow command.',
      toolCalls: [bash('sleep 2 && echo slept', 'Sleep two seconds')],
      usage: { prompt: 10_000, completion: 300, reasoning: 100 },
    }),
    slow({
      type: 'stream',
      text: 'Now delegating to a subagent.',
      toolCalls: [task('Slow subagent work', '[ssc:live-subagent] Do slow work and report.')],
      usage: { prompt: 11_000, completion: 200, cached: 10_000 },
    }),
    slow({ type: 'stream', text: 'All done: the subagent finished.', usage: { prompt: 12_000, completion: 80, cached: 11_000 } }),
  ];
  const subTurns: Reply[] = [
    slow({ type: 'stream', text: 'Subagent working.', toolCalls: [bash('sleep 1 && echo sub', 'Sleep one second')], usage: { prompt: 4_000, completion: 50 } }),
    slow({ type: 'stream', text: 'Subagent finished its slow work.', usage: { prompt: 4_500, completion: 40, cached: 4_000 } }),
  ];
  return [
    { name: 'live', keyword: '[ssc:live]', turns },
    { name: 'live-subagent', keyword: '[ssc:live-subagent]', turns: subTurns },
  ];
}

export const ALL_SCENARIOS: Scenario[] = [...Object.values(SCENARIOS), ...liveScenarios()];

/** A user prompt that selects `name`. */
export function promptFor(name: ScenarioName, extra = ''): string {
  const scenario = SCENARIOS[name];
  const base = name === 'hostile' ? `Show this verbatim: ${HOSTILE_SNIPPETS.join(' ')}` : `Run the ${name} scenario.`;
  return `${scenario.keyword} ${base}${extra ? ` ${extra}` : ''}`;
}
