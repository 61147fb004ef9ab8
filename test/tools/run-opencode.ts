// Runs the real OpenCode binary offline, in an isolated HOME, against the
// scripted model server. Also runs `opencode stats` on a copy of a data dir.
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { faketimeEnv } from '../support/faketime-env';
import { ensureOpencode } from './opencode-bin';
import { runBinary, type RunResult } from './run-binary';
import { SAMPLE_FILE, SAMPLE_FILE_CONTENT } from './scenarios';

const exec = promisify(execFile);

export const PROVIDER_ID = 'scripted';

/** Prices in USD per 1M tokens, as in opencode.json `cost`. */
export interface ModelCost {
  input: number;
  output: number;
  cache_read?: number;
  cache_write?: number;
}

export interface ModelDeclaration {
  id: string;
  name: string;
  /** Omitted: OpenCode stores cost 0. */
  cost?: ModelCost;
}

/** The models of the scripted provider. */
export const MODELS = {
  large: { id: 'scripted-large', name: 'Scripted Large', cost: { input: 3, output: 15, cache_read: 0.3, cache_write: 3.75 } },
  small: { id: 'scripted-small', name: 'Scripted Small', cost: { input: 0.5, output: 1.5, cache_read: 0.05 } },
  /** A real model name declared at cost 0, as subscription providers store it. */
  claude: { id: 'claude-sonnet-4-5', name: 'Claude Sonnet 4.5 (free here)', cost: { input: 0, output: 0, cache_read: 0, cache_write: 0 } },
  /** Unknown to any price table, no cost declared. */
  mystery: { id: 'mystery-model-x', name: 'Mystery Model X' },
} satisfies Record<string, ModelDeclaration>;

/** `provider/model` for `-m`. */
export function modelRef(model: ModelDeclaration): string {
  return `${PROVIDER_ID}/${model.id}`;
}

/** The opencode data root inside an isolated HOME. */
export function dataDirOf(home: string): string {
  return join(home, '.local', 'share', 'opencode');
}

/** A fresh, empty HOME in the temp dir. */
export function createHome(prefix = 'sessionscope-octool-home-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

/** Environment for OpenCode: isolated HOME, no XDG_*, no auto-update, no default plugins. */
export function opencodeEnv(home: string, extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {
    HOME: home,
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    ...faketimeEnv(),
    LANG: 'C.UTF-8',
    TERM: 'dumb',
    NO_COLOR: '1',
    TMPDIR: process.env.TMPDIR ?? tmpdir(),
    NO_PROXY: '127.0.0.1,localhost',
    OPENCODE_DISABLE_AUTOUPDATE: '1',
    OPENCODE_DISABLE_DEFAULT_PLUGINS: '1',
    OPENCODE_DISABLE_MODELS_FETCH: '1',
    OPENCODE_DISABLE_LSP_DOWNLOAD: '1',
    OPENCODE_DISABLE_CLAUDE_CODE: '1',
    OPENCODE_DISABLE_TERMINAL_TITLE: '1',
    GIT_AUTHOR_NAME: 'Fixture',
    GIT_AUTHOR_EMAIL: 'fixture@example.invalid',
    GIT_COMMITTER_NAME: 'Fixture',
    GIT_COMMITTER_EMAIL: 'fixture@example.invalid',
  };
  // Keep proxy / registry settings so OpenCode can still reach the npm registry.
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined) continue;
    if (/^(https?_proxy|all_proxy|npm_config_registry|NODE_EXTRA_CA_CERTS|SSL_CERT_(FILE|DIR))$/i.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

/** opencode.json for a project: the scripted provider, allow-all permissions, no sharing. */
export function opencodeConfig(modelServerUrl: string, models: ModelDeclaration[] = Object.values(MODELS)): object {
  return {
    $schema: 'https://opencode.ai/config.json',
    autoupdate: false,
    share: 'disabled',
    enabled_providers: [PROVIDER_ID],
    model: modelRef(MODELS.large),
    small_model: modelRef(MODELS.small),
    permission: { '*': 'allow', external_directory: 'allow', doom_loop: 'allow' },
    provider: {
      [PROVIDER_ID]: {
        npm: '@ai-sdk/openai-compatible',
        name: 'Scripted Local',
        options: { baseURL: `${modelServerUrl}/v1`, apiKey: 'scripted-key' },
        models: Object.fromEntries(
          models.map((m) => [
            m.id,
            {
              name: m.name,
              tool_call: true,
              reasoning: true,
              limit: { context: 200_000, output: 32_000 },
              ...(m.cost ? { cost: m.cost } : {}),
            },
          ]),
        ),
      },
    },
  };
}

export interface ProjectOptions {
  /** Make it a git repo with one commit (a real project id). Default true. */
  git?: boolean;
}

/** Creates `<home>/<name>` with opencode.json and a sample file. */
export async function createProject(
  home: string,
  name: string,
  modelServerUrl: string,
  options: ProjectOptions = {},
): Promise<string> {
  const dir = join(home, name);
  await mkdir(dir, { recursive: true });
  await writeProjectConfig(dir, modelServerUrl);
  await writeFile(join(dir, SAMPLE_FILE), SAMPLE_FILE_CONTENT);
  if (options.git ?? true) {
    // Fixed dates make the root commit, and so OpenCode's project id, stable across runs.
    const env = opencodeEnv(home, {
      GIT_AUTHOR_DATE: '2026-01-01T00:00:00Z',
      GIT_COMMITTER_DATE: '2026-01-01T00:00:00Z',
    });
    await exec('git', ['init', '-q', '-b', 'main'], { cwd: dir, env: env as NodeJS.ProcessEnv });
    await exec('git', ['add', SAMPLE_FILE], { cwd: dir, env: env as NodeJS.ProcessEnv });
    await exec('git', ['commit', '-q', '-m', `initial commit of ${name}`], { cwd: dir, env: env as NodeJS.ProcessEnv });
  }
  return dir;
}

/** (Re)writes opencode.json, e.g. when a new model server (new port) is used. */
export async function writeProjectConfig(dir: string, modelServerUrl: string): Promise<void> {
  await writeFile(join(dir, 'opencode.json'), `${JSON.stringify(opencodeConfig(modelServerUrl), null, 2)}\n`);
}

export type { RunResult } from './run-binary';

export interface RunOptions {
  version: string;
  home: string;
  cwd: string;
  args: string[];
  timeoutMs?: number;
  env?: Record<string, string>;
}

/**
 * Runs `opencode <args>` with stdin closed (a piped stdin would be read as
 * prompt text). The binary runs in its own process group, which is killed when
 * it exits so that background installs it spawned do not outlive it.
 */
export async function runOpencode(options: RunOptions): Promise<RunResult> {
  const bin = await ensureOpencode(options.version);
  return runBinary({ command: bin, args: options.args, cwd: options.cwd, env: opencodeEnv(options.home, options.env), timeoutMs: options.timeoutMs });
}

/** `rm -rf` that tolerates files still being written for a moment. */
export function removeDir(dir: string): Promise<void> {
  return rm(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

const autoFlag = new Map<string, Promise<boolean>>();

/** Whether `opencode run` of this version has `--auto` (1.18 does). */
export function supportsAutoFlag(version: string, home: string): Promise<boolean> {
  let known = autoFlag.get(version);
  if (!known) {
    known = runOpencode({ version, home, cwd: home, args: ['run', '--help'], timeoutMs: 60_000 }).then((r) =>
      /--auto\b/.test(r.stdout + r.stderr),
    );
    autoFlag.set(version, known);
  }
  return known;
}

export interface PromptOptions {
  version: string;
  home: string;
  project: string;
  model: ModelDeclaration;
  prompt: string;
  timeoutMs?: number;
  /** Extra `opencode run` arguments. */
  extraArgs?: string[];
  /** Extra environment variables. */
  env?: Record<string, string>;
}

/** `opencode run -m scripted/<model> "<prompt>"` in `project`. */
export async function runPrompt(options: PromptOptions): Promise<RunResult> {
  const args = ['run', '-m', modelRef(options.model)];
  if (await supportsAutoFlag(options.version, options.home)) args.push('--auto');
  args.push(...(options.extraArgs ?? []), options.prompt);
  return runOpencode({
    version: options.version,
    home: options.home,
    cwd: options.project,
    args,
    timeoutMs: options.timeoutMs,
    env: options.env,
  });
}

/** Totals parsed from `opencode stats`; token counts are rounded by OpenCode (e.g. `1.1K`). */
export interface StatsTotals {
  sessions: number;
  messages: number;
  days: number;
  cost: number;
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface StatsResult {
  version: string;
  totals: StatsTotals;
  /** Every `label value` row of the boxes, as printed. */
  rows: Record<string, string>;
  /** TOOL USAGE box: calls per tool name. */
  tools: Record<string, number>;
  raw: string;
}

/** Parses `1,234`, `1.1K`, `2.5M`, `$0.42` into a number. */
export function parseStatsNumber(value: string): number {
  const match = /^\$?(-?[\d,]*\.?\d+)\s*([KMB])?$/i.exec(value.trim());
  if (!match) return Number.NaN;
  const base = Number((match[1] ?? '').replace(/,/g, ''));
  const unit = (match[2] ?? '').toUpperCase();
  const scale = unit === 'K' ? 1e3 : unit === 'M' ? 1e6 : unit === 'B' ? 1e9 : 1;
  return base * scale;
}

/** Parses the box-drawn text of `opencode stats` (1.1.65, 1.2.27 and 1.18.33 print the same layout). */
export function parseStats(raw: string, version = 'unknown'): StatsResult {
  const rows: Record<string, string> = {};
  const tools: Record<string, number> = {};
  for (const line of raw.split('\n')) {
    const inner = line.replace(/[│┃|]/g, ' ').trim();
    const match = /^(.+?)\s{2,}(\S.*)$/.exec(inner);
    if (!match || /^[─━┌┐└┘├┤\s]*$/.test(inner)) continue;
    const label = (match[1] ?? '').trim();
    const value = (match[2] ?? '').trim();
    if (!(label in rows)) rows[label] = value;
    const bar = /^[█▏▎▍▌▋▊▉ ]*(\d+)\s+\([\d.]+%\)$/.exec(value);
    if (bar) tools[label] = Number(bar[1]);
  }
  const num = (label: string): number => parseStatsNumber(rows[label] ?? '');
  return {
    version,
    rows,
    tools,
    raw,
    totals: {
      sessions: num('Sessions'),
      messages: num('Messages'),
      days: num('Days'),
      cost: num('Total Cost'),
      input: num('Input'),
      output: num('Output'),
      cacheRead: num('Cache Read'),
      cacheWrite: num('Cache Write'),
    },
  };
}

/**
 * Runs `opencode stats` of `version` on a throwaway COPY of `dataDir` (never on
 * the original: 1.2.x imports a JSON tree into a new database when none exists).
 */
export async function runStats(version: string, dataDir: string, extraArgs: string[] = []): Promise<StatsResult> {
  const home = await createHome('sessionscope-octool-stats-');
  try {
    await cp(dataDir, dataDirOf(home), { recursive: true });
    const result = await runOpencode({ version, home, cwd: home, args: ['stats', ...extraArgs], timeoutMs: 120_000 });
    if (result.code !== 0) throw new Error(`opencode stats ${version} failed (${result.code}): ${result.stderr}`);
    // Strip ANSI escapes in case a version colours its output.
    const raw = result.stdout.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '');
    return parseStats(raw, version);
  } finally {
    await removeDir(home);
  }
}
