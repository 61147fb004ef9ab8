import 'server-only';
import { parentPort } from 'node:worker_threads';
import { mapLimit } from '@/lib/server/fs/map-limit';
import type { ClaudeFileRef } from '../claude/claude-files';
import { readClaudeFile } from '../claude/read-claude-file';
import { usageReadOf } from '../claude/usage-read';
import { summarizeRead } from '../file-summary-cache';
import { readTranscriptSync } from './read-transcript-sync';

/** Main thread → worker: transcripts to read under `root` (`usage`: a first pass's usage only, each as a `UsageRead`). */
export type SummaryReadRequest = { id: number; kind: 'claude'; root: string; refs: ClaudeFileRef[]; usage?: boolean };

/** One file's read as the main thread takes it: the summarized read with its summary as JSON (`read`). */
export interface PooledRead {
  missing: boolean;
  keep: boolean;
  /** JSON of what the store and the summary index take (`CachedFileRead`). */
  json: string;
  /** Where the file's next read may start (Claude Code: read-claude-file.ts), as JSON. */
  resume?: string;
}

/** Worker → main thread: each file's read, in the order asked. */
export type SummaryReadReply = { id: number; reads: PooledRead[] };

/** Files of a batch read at once (a transcript is read synchronously; a subagent's parent and meta file are not). */
const CONCURRENCY = 4;

/*
 * A transcript reader's worker (node:worker_threads, bundled by Next as its own chunk): a first
 * read of a year of transcripts is parsing, which runs here beside the main thread and the other
 * workers. What it sends back is the summary the store takes, as JSON: a string crosses threads
 * at the cost of a copy, where message objects would be cloned one field at a time.
 */
const port = parentPort;
if (port) {
  port.on('message', (request: SummaryReadRequest) => {
    void mapLimit(request.refs, CONCURRENCY, async (ref): Promise<PooledRead> => {
      if (request.usage) return { missing: false, keep: false, json: JSON.stringify(usageReadOf(await readClaudeFile(ref, request.root, { usageOnly: true, read: readTranscriptSync }))) };
      const file = await readClaudeFile(ref, request.root, { forSummary: true, read: readTranscriptSync });
      const { missing, keep, read } = summarizeRead(file);
      return { missing, keep, json: JSON.stringify(read), ...(file.state === 'ok' && file.resume ? { resume: JSON.stringify(file.resume) } : {}) };
    }).then((reads) => port.postMessage({ id: request.id, reads } satisfies SummaryReadReply));
  });
}
