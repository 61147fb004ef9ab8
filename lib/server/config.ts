import 'server-only';
import { readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Where the data is. The launcher (`npm start -- --opencode-dir ...`) passes flags as these variables. */
export interface DataLocations {
  opencodeDir: string;
  /** Explicit database path (`OPENCODE_DB`), else `opencode.db` and `opencode-<channel>.db` in the data dir. */
  databases: string[];
  ompDir: string;
  piDir: string;
  claudeDir: string;
  /** Codex CLI rollouts: `$CODEX_HOME/sessions`, by default `~/.codex/sessions`. */
  codexDir: string;
  /** Gemini CLI's folder (`~/.gemini`: `tmp/<project>/chats/`, `projects.json`). */
  geminiDir: string;
  /** Extra project folders to look for boulder plans in (sessions name the others). */
  projectDirs: string[];
}

export const ENV = {
  opencodeDir: 'SESSIONSCOPE_OPENCODE_DIR',
  opencodeDb: 'OPENCODE_DB',
  ompDir: 'SESSIONSCOPE_OMP_DIR',
  piDir: 'SESSIONSCOPE_PI_DIR',
  claudeDir: 'SESSIONSCOPE_CLAUDE_DIR',
  codexDir: 'SESSIONSCOPE_CODEX_DIR',
  geminiDir: 'SESSIONSCOPE_GEMINI_DIR',
  projectDirs: 'SESSIONSCOPE_PROJECT_DIRS',
} as const;

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? path.join(os.homedir(), p.slice(1)) : p;
}

export function defaultOpencodeDir(env: NodeJS.ProcessEnv = process.env): string {
  const dataHome = env.XDG_DATA_HOME && env.XDG_DATA_HOME.trim() ? env.XDG_DATA_HOME : path.join(os.homedir(), '.local', 'share');
  return path.join(dataHome, 'opencode');
}

/** `opencode.db` first, then channel databases (`opencode-beta.db`, ...) present in the folder. */
export function findDatabases(opencodeDir: string): string[] {
  const main = path.join(opencodeDir, 'opencode.db');
  let channels: string[] = [];
  try {
    channels = readdirSync(opencodeDir)
      .filter((name) => /^opencode-[\w.-]+\.db$/.test(name))
      .map((name) => path.join(opencodeDir, name));
  } catch {
    // A missing folder is reported as a missing source, not an error.
  }
  return [main, ...channels.sort()];
}

export function resolveLocations(env: NodeJS.ProcessEnv = process.env): DataLocations {
  const configured = env[ENV.opencodeDir];
  const opencodeDir = path.resolve(expandHome(configured && configured.trim() ? configured : defaultOpencodeDir(env)));
  const explicitDb = env[ENV.opencodeDb];
  const databases = explicitDb && explicitDb.trim() ? [path.resolve(expandHome(explicitDb))] : findDatabases(opencodeDir);
  const dir = (name: string, fallback: string): string => {
    const value = env[name];
    return path.resolve(expandHome(value && value.trim() ? value : fallback));
  };
  const home = env.HOME && env.HOME.trim() ? env.HOME : os.homedir();
  return {
    opencodeDir,
    databases,
    ompDir: dir(ENV.ompDir, path.join(home, '.omp', 'agent', 'sessions')),
    piDir: dir(ENV.piDir, path.join(home, '.pi', 'agent', 'sessions')),
    claudeDir: dir(ENV.claudeDir, path.join(home, '.claude', 'projects')),
    codexDir: dir(ENV.codexDir, path.join(env.CODEX_HOME?.trim() ? expandHome(env.CODEX_HOME) : path.join(home, '.codex'), 'sessions')),
    geminiDir: dir(ENV.geminiDir, path.join(home, '.gemini')),
    projectDirs: (env[ENV.projectDirs] ?? '').split(path.delimiter).filter((p) => p.trim()).map((p) => path.resolve(expandHome(p))),
  };
}

/** `${XDG_CACHE_HOME:-~/.cache}/sessionscope`: derived files (search index, snapshots), never beside the user's data. */
export function sessionscopeCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const cacheHome = env.XDG_CACHE_HOME?.trim() ? env.XDG_CACHE_HOME : path.join(env.HOME?.trim() ? env.HOME : os.homedir(), '.cache');
  return path.join(cacheHome, 'sessionscope');
}
