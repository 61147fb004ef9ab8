import type { Random } from './random';
import type { Json } from './records';
import type { TextPool } from './text-pool';

export type ToolName = 'bash' | 'read' | 'edit' | 'grep' | 'task';

export interface ToolContext {
  random: Random;
  text: TextPool;
  cwd: string;
  start: number;
  end: number;
}

const FILES = ['src/index.ts', 'src/server/routes.ts', 'lib/store.ts', 'lib/parse.ts', 'test/store.test.ts', 'README.md', 'package.json', 'src/components/table.tsx'];
const COMMANDS = ['npm test', 'npx tsc --noEmit', 'git status', 'git diff --stat', 'ls -la', 'npm run lint', 'git log --oneline -20', 'npm run build'];
const PATTERNS = ['TODO', 'export function', 'useQuery\\(', 'readFile', 'class .*Store', 'process\\.env'];
/** About one tool output in 400 is 50-100 KB (a long build log, a big file read). */
const HUGE_OUTPUT_CHANCE = 1 / 400;

function outputLength(ctx: ToolContext, min: number, max: number): number {
  return ctx.random.chance(HUGE_OUTPUT_CHANCE) ? ctx.random.int(50_000, 100_000) : ctx.random.skewed(min, max);
}

/** The `state` of a completed (or failed) tool call, shaped like OpenCode's. */
export function toolState(tool: ToolName, ctx: ToolContext, failed: boolean, extra: Json = {}): Json {
  const { random, text, cwd } = ctx;
  const time = { start: ctx.start, end: ctx.end };
  const file = random.pick(FILES);
  let input: Json;
  let output = '';
  let title = '';
  let metadata: Json = {};
  switch (tool) {
    case 'bash': {
      const command = random.pick(COMMANDS);
      input = { command, description: `Run ${command}` };
      output = text.shellText(outputLength(ctx, 80, 4_000));
      title = command;
      metadata = { output: output.slice(0, 2_000), exit: failed ? 1 : 0, description: input.description, truncated: false };
      break;
    }
    case 'read': {
      input = { filePath: `${cwd}/${file}` };
      const content = text.numberedLines(outputLength(ctx, 300, 12_000));
      output = `<path>${cwd}/${file}</path>\n<type>file</type>\n<content>${content}\n</content>`;
      title = file;
      metadata = { preview: content.slice(0, 400), truncated: false, loaded: [] };
      break;
    }
    case 'edit': {
      const oldString = text.codeText(random.int(40, 600));
      const newString = text.codeText(random.int(40, 600));
      input = { filePath: `${cwd}/${file}`, oldString, newString };
      output = 'Edit applied successfully.';
      title = file;
      const before = text.codeText(random.skewed(500, 6_000));
      const diff = `Index: ${cwd}/${file}\n===================================================================\n--- ${cwd}/${file}\n+++ ${cwd}/${file}\n@@ -1,4 +1,4 @@\n-${oldString.split('\n').join('\n-')}\n+${newString.split('\n').join('\n+')}\n`;
      metadata = { diagnostics: {}, diff, filediff: { file: `${cwd}/${file}`, before, after: before + newString, additions: 4, deletions: 3 }, truncated: false };
      break;
    }
    case 'grep': {
      const pattern = random.pick(PATTERNS);
      input = { pattern, path: cwd };
      const matches = random.int(0, 40);
      output = `Found ${matches} matches\n${text.codeText(outputLength(ctx, 60, 2_500))}`;
      title = pattern;
      metadata = { matches, truncated: false };
      break;
    }
    case 'task': {
      input = extra.input as Json;
      output = `task_id: ${String(extra.childID)} (for resuming to continue this task if needed)\n\n<task_result>\n${text.proseText(random.skewed(100, 1_500))}\n</task_result>`;
      title = String(input.description);
      metadata = { sessionId: extra.childID, model: extra.model, truncated: false };
      break;
    }
  }
  if (failed) return { status: 'error', input, error: `Error: ${text.shellText(random.int(40, 300))}`, time };
  return { status: 'completed', input, output, title, metadata, time };
}
