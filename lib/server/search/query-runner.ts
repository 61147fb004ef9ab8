import 'server-only';
import { Worker } from 'node:worker_threads';
import { runsFromSources, tsxWorker } from '../workers/tsx-worker';
import { searchIndexProblem } from './search-db';
import type { SearchFilters, SearchIndex, SearchPage } from './search-index';

type PageRequest = { limit: number; offset: number; order: 'rank' | 'time' | 'newest'; count?: boolean };
/** Main thread → worker. */
export interface QueryRequest {
  id: number;
  match: string;
  filters: SearchFilters;
  page: PageRequest;
}
/** Worker → main thread. */
export type QueryReply = { id: number; page: SearchPage } | { id: number; error: string; code?: string };

/** A query that runs longer is stopped (its worker ended, a new one started for the next): the page says so. */
export const QUERY_TIME_LIMIT_MS = 5_000;
/** Queries waiting at most; more are turned away at once (ten tabs typing a common word). */
const MAX_WAITING = 16;

export class QueryTimeoutError extends Error {}
export class QueryBusyError extends Error {}
/** The query's worker was ended under it (the index was rebuilt, the service closed): ask again. */
export class QueryCancelledError extends Error {}

/** `worker`: queries run on a worker thread (the product); `inline`: on this thread (unit tests of the index). */
export type QueryMode = 'worker' | 'inline';

export function defaultQueryMode(): QueryMode {
  return process.env.SESSIONSCOPE_SEARCH_QUERY === 'inline' ? 'inline' : 'worker';
}

/**
 * Runs search queries off the server's thread, one at a time on one worker (the machine's other
 * core), each given `QUERY_TIME_LIMIT_MS`: other requests are answered meanwhile.
 */
export class QueryRunner {
  private worker: Worker | undefined;
  private nextId = 1;
  private stalled = false;
  private checking: Worker | undefined;
  private running: { id: number; resolve: (page: SearchPage) => void; reject: (error: Error) => void; timer: NodeJS.Timeout } | undefined;
  private readonly waiting: { request: Omit<QueryRequest, 'id'>; resolve: (page: SearchPage) => void; reject: (error: Error) => void }[] = [];

  constructor(
    private readonly file: string,
    private readonly inline: () => SearchIndex | undefined,
    private readonly mode: QueryMode = defaultQueryMode(),
    private readonly limitMs = QUERY_TIME_LIMIT_MS,
    /** Test hook: the first worker holds each query this long before running it (a search that never ends). */
    private readonly testStallMs = 0,
  ) {}

  query(match: string, filters: SearchFilters, page: PageRequest): Promise<SearchPage> {
    if (this.mode === 'inline') {
      const index = this.inline();
      return index ? Promise.resolve(index.query(match, filters, page)) : Promise.reject(new Error('no search index'));
    }
    if (this.waiting.length >= MAX_WAITING) return Promise.reject(new QueryBusyError('too many searches at once'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ request: { match, filters, page }, resolve, reject });
      this.pump();
    });
  }

  /** Ends the worker (the index file was replaced, or the service closes); the next query starts one anew. */
  reset(): void {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) void worker.terminate();
    const running = this.running;
    this.running = undefined;
    if (running) {
      clearTimeout(running.timer);
      running.reject(new QueryCancelledError('the search index was reopened: search again'));
    }
  }

  /**
   * What is wrong with the index file (see searchIndexProblem), found on a worker of its own: it
   * reads the whole file, seconds for a big one, and neither a query nor the server waits for it.
   */
  check(): Promise<string | undefined> {
    if (this.mode === 'inline') {
      const index = this.inline();
      try {
        return Promise.resolve(index ? searchIndexProblem(index.db) : undefined);
      } catch (error) {
        return Promise.resolve((error as Error)?.message ?? String(error));
      }
    }
    const options = { workerData: { file: this.file, stallMs: 0, check: true }, stdout: false, stderr: false };
    const worker = runsFromSources(import.meta.url) ? tsxWorker(import.meta.url, 'query-worker.ts', options) : new Worker(new URL('./query-worker.ts', import.meta.url), options);
    worker.unref();
    this.checking = worker;
    return new Promise((resolve) => {
      worker.once('message', (reply: { problem?: string }) => resolve(reply.problem));
      // A check that could not run (closed meanwhile, no worker) finds nothing: queries still report damage as they meet it.
      worker.once('error', () => resolve(undefined));
      worker.once('exit', () => {
        if (this.checking === worker) this.checking = undefined;
        resolve(undefined);
      });
    });
  }

  close(): void {
    void this.checking?.terminate();
    this.reset();
    for (const w of this.waiting.splice(0)) w.reject(new QueryCancelledError('search closed'));
  }

  private pump(): void {
    if (this.running) return;
    const next = this.waiting.shift();
    if (!next) return;
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const timer = setTimeout(() => {
      // The query is stopped where it is: SQLite cannot be interrupted from here, its thread can.
      this.running = undefined;
      this.reset();
      next.reject(new QueryTimeoutError(`the search took longer than ${this.limitMs / 1_000} s and was stopped`));
      this.pump();
    }, this.limitMs);
    timer.unref();
    this.running = { id, resolve: next.resolve, reject: next.reject, timer };
    worker.postMessage({ id, ...next.request } satisfies QueryRequest);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const options = { workerData: { file: this.file, stallMs: this.stalled ? 0 : this.testStallMs }, stdout: false, stderr: false };
    this.stalled = true;
    const worker = runsFromSources(import.meta.url) ? tsxWorker(import.meta.url, 'query-worker.ts', options) : new Worker(new URL('./query-worker.ts', import.meta.url), options);
    worker.unref();
    worker.on('message', (reply: QueryReply) => {
      const running = this.running;
      if (!running || running.id !== reply.id) return;
      clearTimeout(running.timer);
      this.running = undefined;
      if ('page' in reply) running.resolve(reply.page);
      else running.reject(Object.assign(new Error(reply.error), reply.code ? { code: reply.code } : {}));
      this.pump();
    });
    const gone = (error: Error): void => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      const running = this.running;
      this.running = undefined;
      if (running) {
        clearTimeout(running.timer);
        running.reject(error);
      }
      this.pump();
    };
    worker.on('error', gone);
    worker.on('exit', (code) => gone(new Error(`search query worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }
}
