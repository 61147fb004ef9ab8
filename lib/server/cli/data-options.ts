import 'server-only';
import os from 'node:os';
import path from 'node:path';
import { ENV } from '../config';

/** The data folders every command reads, as the dashboard takes them (bin/options.mjs). */
export const DATA_OPTIONS = {
  'opencode-dir': { type: 'string' },
  'omp-dir': { type: 'string' },
  'pi-dir': { type: 'string' },
  'claude-dir': { type: 'string' },
  'codex-dir': { type: 'string' },
  'gemini-dir': { type: 'string' },
} as const;

export const DATA_OPTIONS_HELP = `Data (as the dashboard): --opencode-dir --omp-dir --pi-dir --claude-dir --codex-dir --gemini-dir DIR`;

const FLAG_TO_ENV: Record<keyof typeof DATA_OPTIONS, string> = {
  'opencode-dir': ENV.opencodeDir,
  'omp-dir': ENV.ompDir,
  'pi-dir': ENV.piDir,
  'claude-dir': ENV.claudeDir,
  'codex-dir': ENV.codexDir,
  'gemini-dir': ENV.geminiDir,
};

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? path.join(os.homedir(), p.slice(1)) : p;
}

/** Flags given win over the environment, which `resolveLocations` reads. */
export function applyDataOptions(values: Partial<Record<keyof typeof DATA_OPTIONS, string | boolean | undefined>>, env: NodeJS.ProcessEnv = process.env): void {
  for (const [flag, name] of Object.entries(FLAG_TO_ENV) as [keyof typeof DATA_OPTIONS, string][]) {
    const value = values[flag];
    if (typeof value === 'string' && value.trim()) env[name] = path.resolve(expandHome(value));
  }
}
