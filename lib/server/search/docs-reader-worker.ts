import 'server-only';
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThreadsPriority } from './build-priority';
import { FactsTable } from '@/lib/search/packed-facts';
import { readBuildDocs } from './build-docs';
import { BATCHES_IN_FLIGHT, type DocsAck, type DocsReply, type ReaderData } from './docs-reader';

/*
 * The search build's reader (node:worker_threads, bundled by Next as its own chunk): reads the
 * planned sessions' documents and hands them to the build worker in batches, at most
 * BATCHES_IN_FLIGHT of them not yet written (its memory stays a few batches whatever the history).
 */
const port = parentPort;
if (port) {
  lowerThisThreadsPriority();
  const post = (message: DocsReply): void => port.postMessage(message);
  let unwritten = 0;
  let written: (() => void) | undefined;
  port.on('message', (message: DocsAck) => {
    if (message.type !== 'ack') return;
    unwritten--;
    written?.();
    written = undefined;
  });
  const { plan, facts } = workerData as ReaderData;
  readBuildDocs(plan, new FactsTable(facts), {
    docs: async (docs) => {
      post({ type: 'docs', docs });
      unwritten++;
      while (unwritten >= BATCHES_IN_FLIGHT) await new Promise<void>((resolve) => (written = resolve));
    },
    progress: (done) => post({ type: 'progress', done }),
  }).then(
    (read) => post({ type: 'done', read }),
    (error: unknown) => post({ type: 'error', message: (error as Error)?.message ?? String(error) }),
  );
}
