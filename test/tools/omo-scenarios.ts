// oh-my-opencode's start-work run inside the real OpenCode, scripted: the Atlas session delegates
// the plan's tasks (the plugin's `task` tool), checks them off in the plan, and ends.
import { scenarioPicker, type Reply, type Scenario, type ScenarioPicker, type StreamReply } from './model-server';

/** The text the plugin's start-work hook looks for (its `/start-work` command template; the command itself needs models.dev). */
export function startWorkPrompt(planName: string, keyword: string): string {
  return [
    '<command-instruction>',
    'You are starting an Atlas work session.',
    '</command-instruction>',
    '',
    '<session-context>',
    'Session ID: $SESSION_ID',
    'Timestamp: $TIMESTAMP',
    '</session-context>',
    '',
    '<user-request>',
    `${planName} ${keyword}`,
    '</user-request>',
  ].join('\n');
}

const usage = (prompt: number, completion: number): StreamReply['usage'] => ({ prompt, completion });
const delegate = (description: string, prompt: number): Reply => ({
  type: 'stream',
  toolCalls: [{ name: 'task', input: { category: 'quick', description, prompt: `[ssc:omo-sub] ${description}.`, run_in_background: false, load_skills: [] } }],
  usage: usage(prompt, 100),
});
const check = (plan: string, line: string, prompt: number): Reply => ({
  type: 'stream',
  toolCalls: [{ name: 'edit', input: { filePath: plan, oldString: `- [ ] ${line}`, newString: `- [x] ${line}` } }],
  usage: usage(prompt, 60),
});

/** Plans by name -> their absolute paths (known once the project exists). */
export function omoScenarios(planPath: (name: string) => string): Scenario[] {
  const exportPlan = planPath('export-jsonl');
  return [
    {
      name: 'omo-work',
      keyword: '[ssc:omo-work]',
      turns: [
        delegate('Add the endpoint', 9_000),
        { type: 'stream', toolCalls: [{ name: 'read', input: { filePath: exportPlan } }], usage: usage(9_500, 40) },
        check(exportPlan, '1. Add the endpoint', 10_000),
        delegate('Stream JSONL', 10_500),
        check(exportPlan, '2. Stream JSONL', 11_000),
        check(exportPlan, 'F1. Audit the export', 11_500),
        { type: 'stream', text: 'Every task of the plan is done.', usage: usage(12_000, 20) },
      ],
    },
    {
      name: 'omo-docs',
      keyword: '[ssc:omo-docs]',
      // A delegation in a second work of the same project hung `opencode run` here: this work only starts.
      turns: [{ type: 'stream', text: 'Starting with the guide; nothing is checked off yet.', usage: usage(9_500, 30) }],
    },
    { name: 'omo-sub', keyword: '[ssc:omo-sub]', turns: [{ type: 'stream', text: 'Implemented.', usage: usage(4_000, 30) }] },
  ];
}

/** The scenarios are built per request: the plan paths exist only once the project does. */
export function omoPicker(planPath: (name: string) => string): ScenarioPicker {
  return (request, context) => scenarioPicker(omoScenarios(planPath))(request, context);
}
