import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';

export const DEFAULT_PORT = 4317;
export const LOOPBACK = '127.0.0.1';

export const HELP = `Usage: sessionscope [options]          (in a clone: npm start -- [options])
       sessionscope <command> [options]  run one command and exit; \`sessionscope <command> --help\`
         report daily|weekly|monthly|session|blocks   statusline   export --otlp URL   publish --team-db URL

  --port, -p N          port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host HOST           interface to listen on (default ${LOOPBACK}); anything but loopback
                        prints a warning and requires an access token
  --opencode-dir DIR    OpenCode data folder (default \${XDG_DATA_HOME:-~/.local/share}/opencode;
                        env SESSIONSCOPE_OPENCODE_DIR)
  --omp-dir DIR         oh-my-pi sessions (default ~/.omp/agent/sessions; env SESSIONSCOPE_OMP_DIR)
  --pi-dir DIR          pi sessions (default ~/.pi/agent/sessions; env SESSIONSCOPE_PI_DIR)
  --claude-dir DIR      Claude Code projects (default ~/.claude/projects; env SESSIONSCOPE_CLAUDE_DIR)
  --codex-dir DIR       Codex CLI sessions (default $CODEX_HOME/sessions or ~/.codex/sessions; env SESSIONSCOPE_CODEX_DIR)
  --gemini-dir DIR      Gemini CLI folder (default ~/.gemini; env SESSIONSCOPE_GEMINI_DIR)
  --project DIR         also look for oh-my-opencode plans in DIR (repeatable; sessions name the others)
  --opencode-url URL    follow a running OpenCode server on this machine (repeatable; loopback only;
                        env SESSIONSCOPE_OPENCODE_URL, comma-separated): streaming text, exact
                        busy/retry, approvals waiting for you. Local servers are also found by themselves
  --no-opencode-discovery  do not look for local OpenCode servers (env SESSIONSCOPE_OPENCODE_DISCOVERY=0)
  --otlp URL            keep sending finished turns as OpenTelemetry traces to this OTLP/HTTP endpoint
                        while the dashboard runs (env SESSIONSCOPE_OTLP; headers and protocol from
                        OTEL_EXPORTER_OTLP_HEADERS / _PROTOCOL); see \`sessionscope export --help\`
  --export-text         with --otlp: include prompt, completion and tool text in the spans
  --team-db URL         also keep this machine's sessions published into a team's PostgreSQL
                        (postgres://user@host/db; env SESSIONSCOPE_TEAM_DB; the password from the
                        URL, PGPASSWORD or ~/.pgpass, never printed): figures and metadata, no text
                        unless --publish-text
  --publish-text        with --team-db: also publish the text of prompts, replies, reasoning and
                        tool calls (each cut to a cap; see README), searchable by the team
                        (env SESSIONSCOPE_PUBLISH_TEXT=1); without it, text published before is removed
  --team-only           serve only the team view of --team-db: read nothing of this machine and
                        publish nothing (a read-only role is enough; env SESSIONSCOPE_TEAM_ONLY=1)
  --machine NAME        this machine's name in the team view (default: the host name)
  --person NAME         whose sessions these are (default: the OS user name)
  --open                open the dashboard in the default browser once it is ready
  --version, -v         print the version
  --help, -h            this text

  SESSIONSCOPE_ALLOWED_HOSTS=a,b  extra Host header names to accept (e.g. a DNS name for --host)`;

const isLoopback = (host) => host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);

/** Flags and environment -> options; throws with a readable message on bad input. */
export function parseOptions(values, env = process.env) {
  const portText = values.port ?? env.SESSIONSCOPE_PORT ?? String(DEFAULT_PORT);
  if (!/^\d+$/.test(portText) || Number(portText) > 65535) throw new Error(`--port must be a number from 0 to 65535, got "${portText}"`);
  const host = values.host ?? env.SESSIONSCOPE_HOST ?? LOOPBACK;
  const exposed = !isLoopback(host);
  const expand = (p) => (p === '~' || p.startsWith('~/') ? path.join(os.homedir(), p.slice(1)) : p);
  const dir = values['opencode-dir'] ?? env.SESSIONSCOPE_OPENCODE_DIR;
  return {
    help: Boolean(values.help),
    version: Boolean(values.version),
    open: Boolean(values.open),
    port: Number(portText),
    host,
    exposed,
    token: exposed ? (env.SESSIONSCOPE_TOKEN || randomBytes(24).toString('base64url')) : undefined,
    opencodeDir: dir ? path.resolve(expand(dir)) : undefined,
    ompDir: values['omp-dir'] ? path.resolve(expand(values['omp-dir'])) : undefined,
    piDir: values['pi-dir'] ? path.resolve(expand(values['pi-dir'])) : undefined,
    claudeDir: values['claude-dir'] ? path.resolve(expand(values['claude-dir'])) : undefined,
    codexDir: values['codex-dir'] ? path.resolve(expand(values['codex-dir'])) : undefined,
    geminiDir: values['gemini-dir'] ? path.resolve(expand(values['gemini-dir'])) : undefined,
    projects: (values.project ?? []).map((p) => path.resolve(expand(p))),
    opencodeUrls: opencodeUrls(values['opencode-url'] ?? [], env.SESSIONSCOPE_OPENCODE_URL),
    opencodeDiscovery: !values['no-opencode-discovery'] && env.SESSIONSCOPE_OPENCODE_DISCOVERY !== '0',
    otlp: otlpUrl(values.otlp),
    exportText: Boolean(values['export-text']),
    allowedHosts: (env.SESSIONSCOPE_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim()).filter(Boolean),
    teamDb: teamDb(values['team-db'] ?? env.SESSIONSCOPE_TEAM_DB),
    teamOnly: teamOnlyOf(values['team-only'] || env.SESSIONSCOPE_TEAM_ONLY === '1', values['team-db'] ?? env.SESSIONSCOPE_TEAM_DB),
    publishText: publishTextOf(values['publish-text'] || env.SESSIONSCOPE_PUBLISH_TEXT === '1', values['team-db'] ?? env.SESSIONSCOPE_TEAM_DB),
    machine: values.machine?.trim() || undefined,
    person: values.person?.trim() || undefined,
  };
}

function teamOnlyOf(asked, teamDb) {
  if (asked && !(teamDb && teamDb.trim())) throw new Error('--team-only needs --team-db URL (the team database to show)');
  return Boolean(asked);
}

function publishTextOf(asked, teamDb) {
  if (asked && !(teamDb && teamDb.trim())) throw new Error('--publish-text needs --team-db URL (the team database to publish to)');
  return Boolean(asked);
}

/** The startup line saying where this machine publishes and whether its text goes too (host, port and database: never the user or password). */
export function teamLine(options) {
  if (!options.teamDb) return undefined;
  let where = 'the team database';
  try {
    const url = new URL(options.teamDb);
    where = `${url.hostname || 'localhost'}:${url.port || '5432'}${url.pathname && url.pathname !== '/' ? url.pathname : '/'}`;
  } catch {
    // Checked by parseOptions already.
  }
  if (options.teamOnly) return `sessionscope: serving the team view of ${where} only: nothing of this machine is read or published`;
  return options.publishText
    ? `sessionscope: publishing this machine's sessions to ${where}, with the text of prompts, replies, reasoning and tool calls (--publish-text)`
    : `sessionscope: publishing this machine's sessions to ${where}: figures and metadata only, the text stays on this machine (--publish-text would publish it)`;
}

/** A postgres:// URL, checked without repeating it (it may hold a password). */
function teamDb(text) {
  if (!text || !text.trim()) return undefined;
  let url;
  try {
    url = new URL(text.trim());
  } catch {
    throw new Error('--team-db must be a URL such as postgres://user@host:5432/database');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') throw new Error(`--team-db must be a postgres:// URL, not ${url.protocol}//`);
  return text.trim();
}

/** `--opencode-url` values and the environment's list; each must be http(s) on a loopback address. */
function opencodeUrls(flags, fromEnv) {
  const all = [...flags, ...(fromEnv ?? '').split(',')].map((u) => u.trim()).filter(Boolean);
  for (const text of all) {
    let url;
    try {
      url = new URL(text.includes('://') ? text : `http://${text}`);
    } catch {
      throw new Error(`--opencode-url must be a URL, got "${text}"`);
    }
    if (!/^https?:$/.test(url.protocol) || !isLoopback(url.hostname.replace(/^\[|\]$/g, ''))) throw new Error(`--opencode-url must be an http address on this machine (127.0.0.1, localhost, ::1), got "${text}"`);
  }
  return [...new Set(all)];
}

/** `--otlp URL`: an http(s) OTLP endpoint (lib/server/export/otlp/ adds /v1/traces and reads the OTEL_ variables). */
function otlpUrl(text) {
  if (text === undefined) return undefined;
  let url;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--otlp must be a URL, got "${text}"`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new Error(`--otlp must be an http(s) URL (OTLP/HTTP), got "${text}"`);
  return text;
}

export function applyOptionsToEnv(options, env) {
  const dataHome = env.XDG_DATA_HOME && env.XDG_DATA_HOME.trim() ? env.XDG_DATA_HOME : path.join(os.homedir(), '.local', 'share');
  env.SESSIONSCOPE_OPENCODE_DIR = options.opencodeDir ?? path.join(dataHome, 'opencode');
  env.SESSIONSCOPE_HOST = options.host;
  if (options.ompDir) env.SESSIONSCOPE_OMP_DIR = options.ompDir;
  if (options.piDir) env.SESSIONSCOPE_PI_DIR = options.piDir;
  if (options.claudeDir) env.SESSIONSCOPE_CLAUDE_DIR = options.claudeDir;
  if (options.codexDir) env.SESSIONSCOPE_CODEX_DIR = options.codexDir;
  if (options.geminiDir) env.SESSIONSCOPE_GEMINI_DIR = options.geminiDir;
  if (options.projects.length > 0) {
    env.SESSIONSCOPE_PROJECT_DIRS = [...(env.SESSIONSCOPE_PROJECT_DIRS ? [env.SESSIONSCOPE_PROJECT_DIRS] : []), ...options.projects].join(path.delimiter);
  }
  if (options.opencodeUrls.length > 0) env.SESSIONSCOPE_OPENCODE_URL = options.opencodeUrls.join(',');
  if (!options.opencodeDiscovery) env.SESSIONSCOPE_OPENCODE_DISCOVERY = '0';
  if (options.token) env.SESSIONSCOPE_TOKEN = options.token;
  if (options.otlp) env.SESSIONSCOPE_OTLP = options.otlp;
  if (options.otlp && options.exportText) env.SESSIONSCOPE_OTLP_TEXT = '1';
  if (options.teamDb) env.SESSIONSCOPE_TEAM_DB = options.teamDb;
  if (options.teamOnly) env.SESSIONSCOPE_TEAM_ONLY = '1';
  if (options.publishText) env.SESSIONSCOPE_PUBLISH_TEXT = '1';
  if (options.machine) env.SESSIONSCOPE_MACHINE = options.machine;
  if (options.person) env.SESSIONSCOPE_PERSON = options.person;
  if (options.exposed) {
    console.warn(`sessionscope: WARNING: listening on ${options.host}, not loopback. Anyone who can reach it and has the token can read every transcript.`);
  }
}
