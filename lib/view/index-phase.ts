/** The first read's progress as the APIs report it (`index`): until `ready`, figures are partial sums. */
export interface IndexPhase {
  phase: 'starting' | 'indexing' | 'ready';
}

/** Whether an answer's figures are still being counted: a partial sum ("$0.00") must not read as the answer. */
export function stillCounting(index: IndexPhase | undefined): boolean {
  return index !== undefined && index.phase !== 'ready';
}
