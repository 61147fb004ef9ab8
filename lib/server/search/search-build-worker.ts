import 'server-only';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from './build-priority';
import type { PackedFacts } from '@/lib/search/packed-facts';
import { buildIndex } from './index-build';
import type { WorkerData, WorkerReply, WorkerRequest } from './build-runner';

/*
 * The build worker's entry (node:worker_threads, bundled by Next as its own chunk): builds the
 * search index from `workerData.job` and asks the main thread only for its messages' facts.
 */
const port = parentPort;
if (port) {
  lowerThisThreadsPriority();
  const post = (message: WorkerReply): void => port.postMessage(message);
  let answer: ((facts: PackedFacts) => void) | undefined;
  port.on('message', (message: WorkerRequest) => {
    if (message.type !== 'facts') return;
    // Let go of the answered request: its settled promise would hold the facts for the whole build.
    const settle = answer;
    answer = undefined;
    settle?.(message.facts);
  });
  const { job, exitAfterFlushes } = workerData as WorkerData;
  let flushes = 0;
  buildIndex(job, {
    facts: (sessionIDs) =>
      new Promise((resolve) => {
        answer = resolve;
        post({ type: 'need', sessionIDs: [...sessionIDs] });
      }),
    progress: (done, total) => post({ type: 'progress', done, total }),
    // The tests' crash: the worker dies between two transactions, as at its heap cap or when killed.
    flushed: () => {
      if (exitAfterFlushes !== undefined && ++flushes >= exitAfterFlushes) process.exit(1);
    },
  })
    .then(
      (result) => post({ type: 'done', result }),
      (error: unknown) => post({ type: 'error', message: (error as Error)?.message ?? String(error), code: (error as { code?: unknown })?.code as string | undefined }),
    )
    .finally(() => port.close());
}
