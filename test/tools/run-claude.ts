// Runs the real Claude Code (`claude -p`) offline in an isolated HOME against the scripted
// model server's Messages API.
import { join } from 'node:path';
import { ensureClaude } from './agent-bins';
import { baseAgentEnv, runBinary, type RunResult } from './run-binary';

export interface ClaudeRun {
  home: string;
  cwd: string;
  serverUrl: string;
  prompt: string;
  model?: string;
  /** Extra arguments before the prompt: `--continue`, `--resume ID`, `--fork-session`. */
  args?: string[];
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Claude Code version (default: the pinned fixture version). */
  version?: string;
}

/** Where Claude Code keeps transcripts inside `home`. */
export function claudeProjectsOf(home: string): string {
  return join(home, '.claude', 'projects');
}

export function claudeEnv(home: string, serverUrl: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...baseAgentEnv(home),
    ANTHROPIC_BASE_URL: serverUrl,
    ANTHROPIC_API_KEY: 'sk-ant-scripted',
    DISABLE_TELEMETRY: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_ERROR_REPORTING: '1',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    // As root, --dangerously-skip-permissions needs this.
    IS_SANDBOX: '1',
    ...extra,
  };
}

/** `claude -p --output-format json ...`; the session id is in the parsed stdout. */
export async function runClaude(run: ClaudeRun): Promise<RunResult & { sessionId?: string }> {
  const bin = await ensureClaude(run.version);
  const args = ['-p', '--output-format', 'json', '--dangerously-skip-permissions', '--model', run.model ?? 'claude-sonnet-4-5', ...(run.args ?? []), run.prompt];
  const result = await runBinary({ command: bin, args, cwd: run.cwd, env: claudeEnv(run.home, run.serverUrl, run.env), timeoutMs: run.timeoutMs });
  let sessionId: string | undefined;
  try {
    const parsed = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '') as { session_id?: unknown };
    if (typeof parsed.session_id === 'string') sessionId = parsed.session_id;
  } catch {
    // No JSON answer (a failed run): the caller decides.
  }
  return { ...result, ...(sessionId ? { sessionId } : {}) };
}
