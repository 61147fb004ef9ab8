import 'server-only';
import type { Store } from '../../store/store';
import { ExportLedger } from './export-ledger';
import { OTLP_ENV, type Env } from './otlp-env';
import { exportHistory } from './export-history';
import { resolveOtlpTarget } from './otlp-target';
import { createTraceSender, type TraceSender } from './trace-sender';


/** Changes are gathered this long before an export: a turn being written is many changes. */
const SETTLE_MS = 2_000;
/** A run that stopped (the endpoint down, refusing) tries again after this; so do turns still running. */
const RECHECK_MS = 60_000;

export interface OtlpFollower {
  /** Resolves when no export is under way or due (tests). */
  idle(): Promise<void>;
  stop(): void;
}

/** The root of a session's tree (a subagent's turns are in its root's traces). */
function rootOf(store: Store, id: string): string {
  const seen = new Set<string>();
  let current = id;
  for (let parent = store.view.session(current)?.parentID; parent && store.view.session(parent) && !seen.has(parent); parent = store.view.session(current)?.parentID) {
    seen.add(current);
    current = parent;
  }
  return current;
}

/**
 * While the dashboard runs with `--otlp URL`: every turn not yet acknowledged once the first read is
 * done, then the sessions each change touches (their root's turns), settled for two seconds. Turns
 * still running, and a run the endpoint refused, are looked at again every minute.
 */
export function followOtlpExport(store: Store, started: Promise<void>, env: Env = process.env, timing = { settleMs: SETTLE_MS, recheckMs: RECHECK_MS }): OtlpFollower | undefined {
  if (!env[OTLP_ENV.endpoint]?.trim()) return undefined;
  const db = store.sessionDb?.db;
  let target;
  try {
    target = resolveOtlpTarget(env[OTLP_ENV.endpoint], env);
    if (!db) throw new Error('the session database cannot be opened: it keeps what was sent');
  } catch (error) {
    console.error(`[sessionscope] OpenTelemetry export off: ${(error as Error).message}`);
    return undefined;
  }
  const endpoint = target.url;
  const ledger = new ExportLedger(db);
  const exportText = env[OTLP_ENV.text] === '1';
  const sender: Promise<TraceSender> = createTraceSender(target);
  let ready = false;
  let stopped = false;
  let everything = true;
  const touched = new Set<string>();
  /** Roots whose last export left turns running, or that a refused run did not finish. */
  const unfinished = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let recheck: NodeJS.Timeout | undefined;
  let run: Promise<void> = Promise.resolve();
  let lastError = '';

  const schedule = (delay = timing.settleMs): void => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      run = run.then(exportNow);
    }, delay);
    timer.unref();
  };

  const exportNow = async (): Promise<void> => {
    const roots = everything ? undefined : [...new Set([...touched, ...unfinished])];
    everything = false;
    touched.clear();
    unfinished.clear();
    if (roots?.length === 0) return;
    const summary = await exportHistory(store, { endpoint, sender: await sender, ledger, exportText, roots, onRunning: (root) => unfinished.add(root) });
    if (summary.failed) {
      // What was not acknowledged is tried again whole: the ledger skips what was.
      everything = true;
      if (summary.failed !== lastError) console.error(`[sessionscope] OpenTelemetry export to ${endpoint} stopped: ${summary.failed}; trying again every minute`);
    }
    lastError = summary.failed ?? '';
    if ((summary.failed || unfinished.size > 0) && !stopped) {
      clearTimeout(recheck);
      recheck = setTimeout(() => schedule(0), timing.recheckMs);
      recheck.unref();
    }
  };

  const unsubscribe = store.onChange((change) => {
    if (!ready) return;
    for (const id of change.touched) touched.add(rootOf(store, id));
    schedule();
  });
  void started.then(() => {
    ready = true;
    schedule(0);
  });

  return {
    idle: async () => {
      await started;
      for (;;) {
        if (timer) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        const current = run;
        await current;
        if (!timer && current === run) return;
      }
    },
    stop() {
      stopped = true;
      unsubscribe();
      clearTimeout(timer);
      clearTimeout(recheck);
      void sender.then((s) => s.shutdown()).catch(() => undefined);
    },
  };
}
