// Runs the real pi (`pi -p`) offline in an isolated HOME against the scripted model server's
// chat completions, declared as a custom provider in ~/.pi/agent/models.json.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensurePi } from './agent-bins';
import { baseAgentEnv, runBinary, type RunResult } from './run-binary';

export const PI_PROVIDER = 'scripted';

/** Models of the custom provider; prices in USD per 1M tokens. `free-model` declares no cost. */
export const PI_MODELS = [
  { id: 'scripted-large', name: 'Scripted Large', reasoning: true, cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } },
  { id: 'scripted-small', name: 'Scripted Small', reasoning: false, cost: { input: 0.5, output: 1.5, cacheRead: 0.05, cacheWrite: 0 } },
  { id: 'free-model', name: 'Free Model', reasoning: false },
] as const;

export function piSessionsOf(home: string): string {
  return join(home, '.pi', 'agent', 'sessions');
}

/** Writes `<home>/.pi/agent/models.json` pointing at the server. */
export async function writePiModels(home: string, serverUrl: string): Promise<void> {
  const dir = join(home, '.pi', 'agent');
  await mkdir(dir, { recursive: true });
  const config = {
    providers: {
      [PI_PROVIDER]: {
        baseUrl: `${serverUrl}/v1`,
        api: 'openai-completions',
        apiKey: 'scripted-key',
        compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
        models: PI_MODELS.map((m) => ({ ...m, contextWindow: 200_000, maxTokens: 32_000 })),
      },
    },
  };
  await writeFile(join(dir, 'models.json'), `${JSON.stringify(config, null, 2)}\n`);
}

export interface PiRun {
  home: string;
  cwd: string;
  prompt: string;
  model?: string;
  /** Extra arguments before the prompt: `-c`, `--fork <file>`, `--thinking high`. */
  args?: string[];
  timeoutMs?: number;
}

export function runPi(run: PiRun): Promise<RunResult> {
  return ensurePi().then((cli) =>
    runBinary({
      command: process.execPath,
      args: [cli, '-p', '--offline', '--no-extensions', '--no-skills', '--no-context-files', '--model', `${PI_PROVIDER}/${run.model ?? PI_MODELS[0].id}`, ...(run.args ?? []), run.prompt],
      cwd: run.cwd,
      env: {
        ...baseAgentEnv(run.home),
        PI_OFFLINE: '1',
      },
      timeoutMs: run.timeoutMs,
    }),
  );
}
