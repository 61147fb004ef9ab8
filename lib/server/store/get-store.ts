import 'server-only';
import { resolveLocations, type DataLocations } from '../config';
import { IndexCache } from '../index-cache/index-cache';
import { PlanTracker } from '../plans/plan-tracker';
import { ClaudeCodeReader } from '../readers/claude/claude-reader';
import { CodexReader } from '../readers/codex/codex-reader';
import { GeminiReader } from '../readers/gemini/gemini-reader';
import { JsonTreeReader } from '../readers/opencode/json/json-tree-reader';
import { SqliteReader } from '../readers/opencode/sqlite/sqlite-reader';
import { PiSessionReader } from '../readers/pi/pi-reader';
import type { SourceReader } from '../readers/read-result';
import { SearchService } from '../search/search-service';
import { createFileWatcher, type FileWatcher } from '../watcher/file-watcher';
import { followSources } from '../watcher/follow-sources';
import { LiveOpencode, liveConfig } from '../live-opencode/live-opencode';
import { Store } from './store';
import { defaultSessionDbFile, openSqliteSessionDb } from '../db/sqlite/open-sqlite-session-db';
import type { SqliteSessionDb } from '../db/sqlite/sqlite-session-db';
import { followFirstPrompts } from './first-prompts';
import { afterFirstAnswer } from '../startup/first-answer';
import { RUNTIME_KEY } from '../startup/runtime-key';
import { priceFromConfig } from '../pricing/price-from-config';
import { OTLP_ENV } from '../export/otlp/otlp-env';
import type { TeamPublishing } from '../team/follow-team-publish';
import { isTeamOnly, teamConfig } from '../team/team-config';

export interface Runtime {
  store: Store;
  plans: PlanTracker;
  locations: DataLocations;
  watcher: FileWatcher;
  /** OpenCode's own servers, followed beside the disk. */
  live: LiveOpencode;
  started: Promise<void>;
  /** The full-text index (a cache file), kept current from the store's changes; opened after the first figures (getSearchService). */
  search?: SearchService;
  /** Publishing into the team's database, where `--team-db` names one. */
  team?: TeamPublishing;
  /**
   * Starts following the plans of every folder the sessions name now, if the start put it off
   * (see afterFirstAnswer): a plans page asked for first does not find them unsearched.
   */
  followPlans?: () => void;
}

const KEY = RUNTIME_KEY;
type GlobalWithRuntime = typeof globalThis & { [KEY]?: Runtime };

/** The readers for the configured locations. OpenCode's database wins over its JSON tree for shared ids. */
export function createReaders(locations: Pick<DataLocations, 'opencodeDir' | 'databases'> & Partial<DataLocations>, cache?: IndexCache): { reader: SourceReader; priority: number }[] {
  const readers: { reader: SourceReader; priority: number }[] = [
    { reader: new JsonTreeReader(locations.opencodeDir, cache?.source(`opencode-json:${locations.opencodeDir}`)), priority: 1 },
    ...locations.databases.map((db, i) => ({ reader: new SqliteReader(db, locations.opencodeDir), priority: 10 - i })),
  ];
  if (locations.ompDir) readers.push({ reader: new PiSessionReader('omp', locations.ompDir), priority: 0 });
  if (locations.piDir) readers.push({ reader: new PiSessionReader('pi', locations.piDir), priority: 0 });
  if (locations.claudeDir) readers.push({ reader: new ClaudeCodeReader(locations.claudeDir), priority: 0 });
  if (locations.codexDir) readers.push({ reader: new CodexReader(locations.codexDir), priority: 0 });
  if (locations.geminiDir) readers.push({ reader: new GeminiReader(locations.geminiDir), priority: 0 });
  return readers;
}

/** The session database in the cache folder; one in memory where that folder cannot hold it (said once). */
export function openCacheSessionDb(): SqliteSessionDb | undefined {
  const file = defaultSessionDbFile();
  try {
    return openSqliteSessionDb(file);
  } catch (error) {
    console.error(`[sessionscope] session database ${file} cannot be used, keeping one in memory: ${(error as Error).message.split('\n')[0]}`);
    return openSqliteSessionDb(null);
  }
}

function logError(what: string): (error: unknown) => void {
  return (error) => console.error(`[sessionscope] ${what}:`, error);
}

/**
 * One store and one watcher per process, kept on globalThis: Next's route bundles and hot reloads
 * each load this module, but must share the same instance.
 */
export function getRuntime(): Runtime {
  const g = globalThis as GlobalWithRuntime;
  const existing = g[KEY];
  if (existing) return existing;
  const locations = resolveLocations();
  // --team-only: a shared dashboard of the team database; nothing of this machine is read or published.
  const teamOnly = isTeamOnly();
  const store = teamOnly ? new Store([]) : new Store(createReaders(locations, IndexCache.open()), { sessionDb: openCacheSessionDb() });
  const watcher = createFileWatcher(logError('watcher error'));
  const plans = new PlanTracker(watcher, () => {
    g[KEY]?.search?.setPlans(plans.plans);
    store.events.emit([], ['plans']);
  });
  const live = new LiveOpencode((ids, kind) => store.liveChanged(ids, kind));
  store.live = live.state;
  const runtime: Runtime = { store, plans, locations, watcher, live, started: Promise.resolve() };
  g[KEY] = runtime;
  if (teamOnly) {
    runtime.started = store.start().catch(logError('indexing failed'));
    return runtime;
  }
  priceFromConfig(store);
  followSources(store, watcher, logError('update failed'));
  plans.track(locations.projectDirs);
  runtime.started = store.start().catch(logError('indexing failed'));
  // What can wait until the first figures are out (see afterFirstAnswer): the plans of the sessions'
  // folders, and the search index (opening it checks its file: 0.2 s at 20,000 sessions; a search
  // asked for before opens it then).
  let plansFollowed = false;
  runtime.followPlans = () => {
    if (plansFollowed) return;
    plansFollowed = true;
    followSessionPlans(store, plans);
  };
  void afterFirstAnswer(Promise.resolve()).then(() => {
    runtime.followPlans?.();
    getSearchService();
  });
  followFirstPrompts(store, runtime.started);
  live.start(liveConfig());
  // `--otlp URL`: finished turns go on to an OpenTelemetry endpoint (loaded only when asked for).
  if (process.env[OTLP_ENV.endpoint]) void import('../export/otlp/follow-otlp-export').then((m) => m.followOtlpExport(store, runtime.started));
  followTeam(runtime);
  return runtime;
}

/** Follows the plans of every project folder a session names: those known now, then as sessions appear. */
function followSessionPlans(store: Store, plans: PlanTracker): void {
  const directoriesOf = (ids: Iterable<string>) => [...ids].map((id) => store.view.session(id)?.directory).filter((d): d is string => Boolean(d));
  store.events.subscribe((event) => plans.track(directoriesOf(event.sessions)));
  plans.track(directoriesOf(store.view.ids()));
}

/** With `--team-db`, this machine's sessions are published as they change (pg loaded only then). */
function followTeam(runtime: Runtime): void {
  let config;
  try {
    config = teamConfig();
  } catch (error) {
    console.error(`[sessionscope] not publishing to a team database: ${(error as Error).message}`);
  }
  if (!config) return;
  const team = config;
  import('../team/follow-team-publish')
    .then(({ TeamPublishing }) => (runtime.team = new TeamPublishing(runtime.store, runtime.started, team)))
    .catch(logError('team publishing failed to start'));
}

/** The runtime if something started it (a team-only answer must not start reading this machine). */
export function existingRuntime(): Runtime | undefined {
  return (globalThis as GlobalWithRuntime)[KEY];
}

export function getStore(): Store {
  return getRuntime().store;
}

/** The search index's service, opened at its first use; its catch-up waits for the first figures too. */
export function getSearchService(): SearchService {
  const runtime = getRuntime();
  if (runtime.search) return runtime.search;
  runtime.search = new SearchService(runtime.store, afterFirstAnswer(runtime.started));
  runtime.search.setPlans(runtime.plans.plans);
  return runtime.search;
}
