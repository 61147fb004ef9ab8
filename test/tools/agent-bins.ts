// The real Claude Code and pi binaries, installed on demand into the test cache.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ensureCachedPackage } from './cached-install';

export const CLAUDE_VERSION = '2.1.328';
/** A newer release that must read exactly as CLAUDE_VERSION (a small fixture of its own). */
export const CLAUDE_NEWER_VERSION = '2.1.332';
export const PI_VERSION = '0.73.1';

/** Native `claude` executable of `@anthropic-ai/claude-code` (the platform package; no postinstall needed). */
export function ensureClaude(version: string = CLAUDE_VERSION): Promise<string> {
  const platform = `claude-code-${process.platform}-${process.arch}`;
  return ensureCachedPackage({
    name: '@anthropic-ai/claude-code',
    version,
    locate: async (dir) => {
      for (const name of [platform, `${platform}-musl`]) {
        const bin = join(dir, 'node_modules', '@anthropic-ai', name, 'claude');
        if (existsSync(bin)) return bin;
      }
      return null;
    },
  });
}

/** `dist/cli.js` of `@mariozechner/pi-coding-agent`, run with this Node. */
export function ensurePi(version: string = PI_VERSION): Promise<string> {
  return ensureCachedPackage({
    name: '@mariozechner/pi-coding-agent',
    version,
    locate: async (dir) => {
      const cli = join(dir, 'node_modules', '@mariozechner', 'pi-coding-agent', 'dist', 'cli.js');
      return existsSync(cli) ? cli : null;
    },
  });
}
