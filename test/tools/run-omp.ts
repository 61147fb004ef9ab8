// Runs the real oh-my-pi (`omp -p`) offline in an isolated HOME against the scripted model
// server's chat completions, declared as a provider in ~/.omp/agent/models.yml.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureOmp } from './omp-bin';
import { baseAgentEnv, runBinary, type RunResult } from './run-binary';

export const OMP_PROVIDER = 'scripted';

/** Prices in USD per 1M tokens. */
export const OMP_MODELS = [
  { id: 'scripted-large', name: 'Scripted Large', reasoning: true, contextWindow: 200_000, cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } },
  { id: 'scripted-small', name: 'Scripted Small', reasoning: false, contextWindow: 200_000, cost: { input: 0.5, output: 1.5, cacheRead: 0.05, cacheWrite: 0 } },
] as const;

export function ompSessionsOf(home: string): string {
  return join(home, '.omp', 'agent', 'sessions');
}

/** Writes `<home>/.omp/agent/models.yml` (JSON is YAML) pointing at the server. */
export async function writeOmpModels(home: string, serverUrl: string): Promise<void> {
  const dir = join(home, '.omp', 'agent');
  await mkdir(dir, { recursive: true });
  const config = {
    providers: {
      [OMP_PROVIDER]: {
        baseUrl: `${serverUrl}/v1`,
        api: 'openai-completions',
        apiKey: 'scripted-key',
        compat: { supportsDeveloperRole: false, supportsReasoningEffort: false },
        models: OMP_MODELS.map((m) => ({ ...m, maxTokens: 8_000 })),
      },
    },
  };
  await writeFile(join(dir, 'models.yml'), `${JSON.stringify(config, null, 2)}\n`);
}

export interface OmpRun {
  home: string;
  cwd: string;
  prompt: string;
  model?: string;
  /** Extra arguments before the prompt: `-c`, `--thinking auto`. */
  args?: string[];
  timeoutMs?: number;
}

export async function runOmp(run: OmpRun): Promise<RunResult> {
  const { bun, cli } = await ensureOmp();
  return runBinary({
    command: bun,
    args: [cli, '-p', '--no-extensions', '--no-skills', '--no-rules', '--no-lsp', '--model', `${OMP_PROVIDER}/${run.model ?? OMP_MODELS[0].id}`, ...(run.args ?? []), run.prompt],
    cwd: run.cwd,
    env: baseAgentEnv(run.home),
    timeoutMs: run.timeoutMs,
  });
}
