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

export const CODEX_VERSION = '0.171.0';
export const GEMINI_VERSION = '0.61.0';
/** A version that still wrote each chat as one JSON document, in a folder named by the directory's sha256. */
export const GEMINI_LEGACY_VERSION = '0.20.2';

/** The native `codex` executable of `@openai/codex` (its platform package, an optional dependency). */
export function ensureCodex(version: string = CODEX_VERSION): Promise<string> {
  return ensureCachedPackage({
    name: '@openai/codex',
    version,
    locate: async (dir) => {
      const triple = process.arch === 'arm64' ? 'aarch64-unknown-linux-musl' : 'x86_64-unknown-linux-musl';
      const suffix = process.arch === 'arm64' ? 'linux-arm64' : 'linux-x64';
      const bin = join(dir, 'node_modules', '@openai', `codex-${suffix}`, 'vendor', triple, 'bin', 'codex');
      return existsSync(bin) ? bin : null;
    },
  });
}

/** `bundle/gemini.js` of `@google/gemini-cli` (`dist/index.js` in older versions), run with this Node. */
export function ensureGemini(version: string = GEMINI_VERSION): Promise<string> {
  return ensureCachedPackage({
    name: '@google/gemini-cli',
    version,
    locate: async (dir) => {
      const pkg = join(dir, 'node_modules', '@google', 'gemini-cli');
      return [join(pkg, 'bundle', 'gemini.js'), join(pkg, 'dist', 'index.js')].find((cli) => existsSync(cli)) ?? null;
    },
  });
}
