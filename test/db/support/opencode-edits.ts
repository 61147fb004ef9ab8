// What the session database's restart tests write into an OpenCode database: usage, tool calls,
// and the edits a property draws (between runs, or while the dashboard runs).
import { utimesSync } from 'node:fs';
import fc from 'fast-check';

export const usage = (cost: number, input: number) => ({ role: 'assistant', providerID: 'anthropic', modelID: 'claude-sonnet-4-5', cost, tokens: { input, output: 3, reasoning: 0, cache: { read: 0, write: 0 } } });
export const toolCall = (tool: string, status: string) => ({ type: 'tool', callID: 'call', tool, state: { status, input: {}, time: { start: 1_780_000_002_000, end: 1_780_000_003_000 } } });

/** Written long enough ago that a file's time tells every rewrite (see RACY_MS). */
export function settle(file: string): void {
  const past = new Date(Date.now() - 60_000);
  for (const f of [file, `${file}-wal`]) {
    try {
      utimesSync(f, past, past);
    } catch {
      // no log file
    }
  }
}

export type Edit =
  | { kind: 'add'; s: number; m: number; cost: number }
  | { kind: 'delete-message'; s: number; m: number }
  | { kind: 'delete-session'; s: number }
  | { kind: 'retitle'; s: number }
  | { kind: 'call'; s: number; m: number; p: number; failed: boolean }
  | { kind: 'delete-part'; s: number; m: number; p: number };

export const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), s: fc.nat(4), m: fc.nat(6), cost: fc.nat(1000) }),
  fc.record({ kind: fc.constant('delete-message' as const), s: fc.nat(4), m: fc.nat(6) }),
  fc.record({ kind: fc.constant('delete-session' as const), s: fc.nat(4) }),
  fc.record({ kind: fc.constant('retitle' as const), s: fc.nat(4) }),
  fc.record({ kind: fc.constant('call' as const), s: fc.nat(4), m: fc.nat(6), p: fc.nat(2), failed: fc.boolean() }),
  fc.record({ kind: fc.constant('delete-part' as const), s: fc.nat(4), m: fc.nat(6), p: fc.nat(2) }),
);
