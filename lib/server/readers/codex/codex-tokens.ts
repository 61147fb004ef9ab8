import 'server-only';
import type { TokenCounts } from '@/lib/model/tokens';
import type { CodexUsage } from './codex-schema';

/**
 * OpenAI's usage -> tokens as billed: input without the cached (and cache-written) tokens it
 * includes, output without the reasoning tokens it includes. A count below zero (a record that
 * breaks the convention) is read as zero rather than taken off another response.
 */
export function splitCodexUsage(u: CodexUsage): TokenCounts {
  const input = u.input_tokens ?? 0;
  const cacheRead = u.cached_input_tokens ?? 0;
  const cacheWrite = u.cache_write_input_tokens ?? 0;
  const output = u.output_tokens ?? 0;
  const reasoning = u.reasoning_output_tokens ?? 0;
  return { input: Math.max(0, input - cacheRead - cacheWrite), cacheRead, cacheWrite, output: Math.max(0, output - reasoning), reasoning };
}
