import 'server-only';
import type Database from 'better-sqlite3';
import { makeSnippet, markWords } from '@/lib/search/make-snippet';
import { parseSearchQuery } from '@/lib/search/search-query';
import type { SearchProgress, SearchResponse } from '@/lib/search/search-types';
import { sessionscopeCacheDir } from '../config';
import type { PlanView } from '@/lib/plans/plan-work';
import type { Store } from '../store/store';
import { defaultBuildMode, type BuildMode } from './build-runner';
import { damagedIndexError, isCorruption, openSearchDb, removeOlderIndexes, searchDbPath } from './search-db';
import { docTexts } from './doc-text';
import { COUNT_CAP, SearchIndex, type SearchFilters, type SearchPage } from './search-index';
import { defaultQueryMode, QueryBusyError, QueryCancelledError, QueryRunner, QueryTimeoutError, type QueryMode } from './query-runner';
import { SearchUpdater } from './search-updater';

export interface SearchRequest {
  q: string;
  filters: SearchFilters;
  limit: number;
  offset: number;
  order: 'rank' | 'time' | 'newest';
}

/**
 * The search index's one door: opens (or rebuilds) the cache file for the store's sources, keeps
 * it current from the store's changes, answers queries with what it has and how far it got.
 */
export class SearchService {
  readonly file: string;
  private db: Database.Database | undefined;
  private index: SearchIndex | undefined;
  private updater: SearchUpdater | undefined;
  private failure: string | undefined;
  private plans: readonly PlanView[] = [];
  private readonly queries: QueryRunner;

  constructor(
    private readonly store: Store,
    started: Promise<void>,
    cacheDir: string = sessionscopeCacheDir(),
    build: BuildMode = defaultBuildMode(),
    queryMode: QueryMode = defaultQueryMode(),
  ) {
    this.file = searchDbPath(cacheDir, store.indexes.map((i) => `${i.reader.kind}:${i.reader.path}`));
    this.queries = new QueryRunner(this.file, () => this.index, queryMode);
    try {
      const { db } = openSearchDb(this.file);
      removeOlderIndexes(this.file);
      this.db = db;
      this.index = new SearchIndex(db);
      this.updater = new SearchUpdater(this.index, store, (error) => this.onError(error), { file: this.file, build });
      this.updater.start(started);
      // Damage the first pages do not show (lost documents, a damaged page further in) is looked for once, off this thread.
      void this.queries.check().then((problem) => {
        if (problem && this.db === db) this.onError(damagedIndexError(problem));
      });
    } catch (error) {
      this.failure = `the search index ${this.file} cannot be opened: ${(error as Error).message}`;
      console.warn(`[sessionscope] ${this.failure}`);
    }
  }

  progress(): SearchProgress {
    if (!this.updater) return { phase: 'unavailable', done: 0, total: 0, sessions: 0, reason: this.failure };
    return { ...this.updater.progress };
  }

  async search(request: SearchRequest): Promise<SearchResponse> {
    const { match, terms, marks } = parseSearchQuery(request.q);
    const base = { query: request.q, terms, hits: [], progress: this.progress() };
    if (!match || !this.index) return base;
    let page: SearchPage;
    try {
      // Off this thread, with a time limit: a broad search must not hold the other requests.
      page = await this.queries.query(match, request.filters, { limit: request.limit, offset: request.offset, order: request.order, count: request.offset === 0 });
    } catch (error) {
      if (error instanceof QueryTimeoutError || error instanceof QueryBusyError || error instanceof QueryCancelledError) return { ...base, error: error.message };
      this.onError(error);
      return { ...base, progress: this.progress() };
    }
    // Snippets are cut for the page's hits only, from their text read again at the source.
    const texts = await docTexts(this.store, page.hits, this.plans);
    const words = markWords(marks);
    const hits = page.hits.map((hit, i) => ({ ...hit, snippet: makeSnippet(texts[i] ?? '', words) }));
    return { ...base, hits, ...(page.total === undefined ? {} : { total: page.total, totalCapped: page.total > COUNT_CAP }), ...(page.more ? { nextCursor: String(request.offset + request.limit) } : {}) };
  }

  /** The plans now (the plan tracker's): their checklist items are searchable, and open the plan. */
  setPlans(plans: readonly PlanView[]): void {
    this.plans = plans;
    this.updater?.setPlans(plans);
  }

  /** Resolves once every change seen so far is searchable. */
  idle(): Promise<void> {
    return this.updater?.idle() ?? Promise.resolve();
  }

  close(): void {
    this.queries.close();
    this.updater?.stop();
    this.db?.close();
    this.db = undefined;
  }

  /** A damaged index is thrown away and built again; anything else is logged. */
  private onError(error: unknown): void {
    if (!isCorruption(error) || !this.db) {
      console.error('[sessionscope] search index:', error);
      return;
    }
    console.warn(`[sessionscope] search index damaged (${(error as Error).message}): rebuilding it`);
    this.queries.reset();
    this.db.close();
    this.db = undefined;
    try {
      const { db } = openSearchDb(this.file, { fresh: true });
      this.db = db;
      this.index = new SearchIndex(db);
      this.updater?.replaceIndex(this.index);
    } catch (reopen) {
      this.failure = `the search index ${this.file} cannot be rebuilt: ${(reopen as Error).message}`;
      this.updater?.stop();
      this.updater = undefined;
      this.index = undefined;
    }
  }
}
