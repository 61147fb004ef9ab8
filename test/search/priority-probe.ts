import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import { lowerThisThreadsPriority } from '@/lib/server/search/build-priority';

// A worker thread that lowers its priority as the search build's workers do, and says what it is then.
lowerThisThreadsPriority();
parentPort?.postMessage(os.getPriority());
