import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { BUILD_NICE } from '@/lib/server/search/build-priority';
import { tsxWorker } from '@/lib/server/workers/tsx-worker';

describe('search build priority', () => {
  it.runIf(process.platform === 'linux')('lowers a build worker thread below the server, and the server thread stays as it was', async () => {
    const before = os.getPriority();
    const worker = tsxWorker(import.meta.url, 'priority-probe.ts');
    const workerPriority = await new Promise<number>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(workerPriority).toBe(Math.max(before, BUILD_NICE));
    // The server's thread (requests, the store's read) keeps its priority: only the worker was lowered.
    expect(os.getPriority()).toBe(before);
  });
});
