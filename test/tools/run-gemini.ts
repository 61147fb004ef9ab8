// Runs the real Gemini CLI (`gemini -p`) offline in an isolated HOME against the scripted model
// server's Gemini API (GOOGLE_GEMINI_BASE_URL, API-key auth selected in settings.json).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureGemini } from './agent-bins';
import { baseAgentEnv, runBinary, type RunResult } from './run-binary';

export interface GeminiRun {
  home: string;
  cwd: string;
  serverUrl: string;
  prompt: string;
  /** `-m`: bypasses the router (absent: the router's classifier picks the flash model). */
  model?: string;
  /** Extra arguments before the prompt: `-r latest`, `-r <id>`. */
  args?: string[];
  timeoutMs?: number;
  /** Another version than {@link GEMINI_VERSION}. */
  version?: string;
}

/** Where Gemini CLI keeps its state inside `home`. */
export function geminiDirOf(home: string): string {
  return join(home, '.gemini');
}

/** `<home>/.gemini/settings.json`: API-key auth (else `-p` refuses the gateway auth), no updates or telemetry. */
export async function writeGeminiSettings(home: string, { legacy = false }: { legacy?: boolean } = {}): Promise<void> {
  const dir = geminiDirOf(home);
  await mkdir(dir, { recursive: true });
  const settings = {
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    security: { auth: { selectedType: 'gemini-api-key' } },
    // Where versions before 0.2x looked for it.
    ...(legacy ? { selectedAuthType: 'gemini-api-key' } : {}),
  };
  await writeFile(join(dir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

/** `gemini -p ... -o json --approval-mode yolo`; the session id is in the parsed stdout. */
export async function runGemini(run: GeminiRun): Promise<RunResult & { sessionId?: string }> {
  const cli = await ensureGemini(run.version);
  const args = [cli, '-p', run.prompt, '-o', 'json', '--approval-mode', 'yolo', ...(run.model ? ['-m', run.model] : []), ...(run.args ?? [])];
  const env = { ...baseAgentEnv(run.home), GEMINI_API_KEY: 'scripted-key', GOOGLE_GEMINI_BASE_URL: run.serverUrl, GEMINI_CLI_TRUST_WORKSPACE: 'true' };
  const result = await runBinary({ command: process.execPath, args, cwd: run.cwd, env, timeoutMs: run.timeoutMs });
  let sessionId: string | undefined;
  try {
    const start = result.stdout.indexOf('{');
    const parsed = JSON.parse(start >= 0 ? result.stdout.slice(start) : '') as { session_id?: unknown };
    if (typeof parsed.session_id === 'string') sessionId = parsed.session_id;
  } catch {
    // No JSON answer (a failed run): the caller decides.
  }
  return { ...result, ...(sessionId ? { sessionId } : {}) };
}
