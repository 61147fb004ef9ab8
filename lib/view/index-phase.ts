/** The first read's progress as the APIs report it (`index`). */
export interface IndexPhase {
  phase: 'starting' | 'indexing' | 'ready';
  /** Every source's messages are in: figures built from them are complete (statuses may still follow). */
  figuresComplete?: boolean;
}

/** Whether an answer's figures are still being counted: a partial sum ("$0.00") must not read as the answer. */
export function stillCounting(index: IndexPhase | undefined): boolean {
  return index !== undefined && index.phase !== 'ready' && index.figuresComplete !== true;
}

/** Whether the first read still runs at all (statuses wait for each session's newest parts). */
export function stillReading(index: IndexPhase | undefined): boolean {
  return index !== undefined && index.phase !== 'ready';
}
