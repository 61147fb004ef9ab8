// Runs the real Codex CLI (`codex exec`) offline in an isolated HOME against the scripted model
// server's Responses API, declared as a custom provider in ~/.codex/config.toml.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureCodex } from './agent-bins';
import { baseAgentEnv, runBinary, type RunResult } from './run-binary';

export interface CodexRun {
  home: string;
  cwd: string;
  prompt: string;
  model?: string;
  /** Between `exec` and the prompt: `resume --last`, `resume <id>`, `fork <id>`. */
  command?: string[];
  timeoutMs?: number;
}

/** Where Codex keeps rollouts inside `home`. */
export function codexSessionsOf(home: string): string {
  return join(home, '.codex', 'sessions');
}

/** `<home>/.codex/config.toml`: the scripted server as the only provider, no update checks or analytics. */
export async function writeCodexConfig(home: string, serverUrl: string, model = 'gpt-5.5'): Promise<void> {
  const dir = join(home, '.codex');
  await mkdir(dir, { recursive: true });
  const config = [
    `model = "${model}"`,
    'model_provider = "mock"',
    'check_for_update_on_startup = false',
    '[model_providers.mock]',
    'name = "Scripted Responses API"',
    `base_url = "${serverUrl}/v1"`,
    'wire_api = "responses"',
    'env_key = "MOCK_API_KEY"',
    'request_max_retries = 2',
    'stream_max_retries = 0',
    '[analytics]',
    'enabled = false',
    '',
  ].join('\n');
  await writeFile(join(dir, 'config.toml'), config);
}

/** `codex exec [resume|fork ...] [-m model] prompt`; the thread id is read from `--json`'s `thread.started`. */
export async function runCodex(run: CodexRun): Promise<RunResult & { threadId?: string }> {
  const bin = await ensureCodex();
  const [sub, ...rest] = run.command ?? [];
  const args = ['exec', ...(sub ? [sub] : []), '--skip-git-repo-check', '--json', '--dangerously-bypass-approvals-and-sandbox', ...(run.model ? ['-m', run.model] : []), ...rest, run.prompt];
  const result = await runBinary({ command: bin, args, cwd: run.cwd, env: { ...baseAgentEnv(run.home), MOCK_API_KEY: 'scripted-key', CODEX_HOME: join(run.home, '.codex') }, timeoutMs: run.timeoutMs });
  const started = result.stdout.split('\n').flatMap((line) => {
    try {
      const event = JSON.parse(line) as { type?: unknown; thread_id?: unknown };
      return event.type === 'thread.started' && typeof event.thread_id === 'string' ? [event.thread_id] : [];
    } catch {
      return [];
    }
  });
  return { ...result, ...(started[0] ? { threadId: started[0] } : {}) };
}
