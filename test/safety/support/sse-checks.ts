import { readFileSync } from 'node:fs';
import type { SseEvent } from './http';

/**
 * Problems in one client's event sequence: ids must rise by exactly one from the greeting on,
 * except right after a `resync` (the client refetches everything there). Empty when sound.
 */
export function sequenceProblems(events: readonly SseEvent[]): string[] {
  const problems: string[] = [];
  let previous: number | undefined;
  let afterResync = false;
  for (const event of events) {
    if (event.id === undefined) continue;
    if (event.event === 'resync') {
      afterResync = true;
      previous = event.id;
      continue;
    }
    if (previous !== undefined && event.event !== 'hello') {
      if (event.id <= previous) problems.push(`id ${event.id} after ${previous}`);
      else if (event.id !== previous + 1 && !afterResync) problems.push(`gap: ${previous} -> ${event.id}`);
    }
    afterResync = false;
    previous = event.id;
  }
  return problems;
}

/** Resident memory of a process (Linux), in bytes. */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}
