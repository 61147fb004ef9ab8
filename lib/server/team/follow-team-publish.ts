import 'server-only';
import { openPostgresSessionDb, type PostgresSessionDb } from '../db/postgres/postgres-session-db';
import { publish, type PublishSummary } from '../db/publish/publisher';
import { existingRuntime } from '../store/get-store';
import type { Store } from '../store/store';
import { getSessionStatuses } from '../queries/get-session-statuses';
import { storeSessionTexts } from './session-texts';
import type { TeamConfig } from './team-config';

export interface TeamPublishStatus {
  state: 'waiting' | 'publishing' | 'published' | 'retrying';
  /** When the last publish finished, and what it wrote. */
  publishedAt?: number;
  last?: PublishSummary;
  /** Why the last attempt failed, and when the next one starts (while `retrying`). */
  error?: string;
  retryAt?: number;
}

export interface FollowOptions {
  /** A change is published this long after it came (with those that came meanwhile). */
  settleMs?: number;
  /** The first wait after a failure; doubled each time, at most `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A publish compares every session at least this often (default 15 min), else only the changed ones. */
  wholeEveryMs?: number;
  log?(line: string): void;
}

/**
 * Keeps this machine's sessions published while the dashboard runs: once its first read is in,
 * then a few seconds after a change (changes meanwhile go with it), comparing only the sessions
 * that changed (and everything every 15 minutes). A team database that is down costs the dashboard nothing:
 * publishing waits 5 s, 10 s ... (at most 5 min) and tries again; each publish writes only what
 * the team database does not hold yet, so it catches up whatever happened meanwhile.
 */
export class TeamPublishing {
  readonly status: TeamPublishStatus = { state: 'waiting' };
  private readonly team: PostgresSessionDb;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private failures = 0;
  private stopped = false;
  private readonly unsubscribe: () => void;
  /** Sessions changed since the last publish: a publish compares only these (hashing all of a large history is 0.5 s of this process). */
  private changed = new Set<string>();
  /** A change that names no session (a source read again): the next publish compares everything. */
  private wholeNeeded = true;
  private wholeAt = 0;

  constructor(
    private readonly store: Store,
    started: Promise<void>,
    private readonly config: TeamConfig,
    private readonly options: FollowOptions = {},
  ) {
    this.team = openPostgresSessionDb(config.url, { max: 2 });
    this.unsubscribe = store.events.subscribe((event) => {
      // A plan checked off or started: published with the next publish (which compares the sessions that changed, if any).
      if (event.topics.includes('plans') && this.status.state !== 'retrying') this.schedule(options.settleMs ?? 5_000);
      if (!event.topics.some((t) => t === 'sessions' || t === 'index')) return;
      if (event.sessions.length === 0) this.wholeNeeded = true;
      for (const id of event.sessions) this.changed.add(id);
      if (this.status.state !== 'retrying') this.schedule(options.settleMs ?? 5_000);
    });
    void started.then(() => this.schedule(0));
  }

  /** Resolves when no publish is under way (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unsubscribe();
    void this.idle().then(() => this.team.close().catch(() => undefined));
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    // A publish already waiting takes this change too: an agent writing every second still has its
    // sessions published every few seconds, not only once it stops.
    if (this.timer !== undefined && ms > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, ms);
    this.timer.unref();
  }

  private run(): Promise<void> {
    this.running = this.publishOnce().finally(() => {
      this.running = undefined;
      if (this.again && this.status.state !== 'retrying') {
        this.again = false;
        this.schedule(this.options.settleMs ?? 5_000);
      }
    });
    return this.running;
  }

  private async publishOnce(): Promise<void> {
    const mirror = this.store.sessionDb;
    const log = this.options.log ?? ((line: string) => console.error(line));
    if (!mirror?.usable) {
      this.status.error = `this machine's session database cannot be used${mirror?.error ? `: ${mirror.error}` : ''}`;
      return;
    }
    this.status.state = 'publishing';
    // Everything at the start, after a failure and every `wholeEveryMs` (a change an event did not name); else what changed (removals are found by ids on every publish).
    const whole = this.wholeNeeded || this.failures > 0 || Date.now() - this.wholeAt >= (this.options.wholeEveryMs ?? 15 * 60_000);
    const sessions = whole ? undefined : this.changed;
    this.changed = new Set();
    this.wholeNeeded = false;
    try {
      // No retries inside: this loop waits between attempts and reads what changed meanwhile.
      const summary = await publish({ local: mirror.db, sourceIds: mirror.sourceIds(), team: this.team, machine: this.config.machine, person: this.config.person, retryFor: 0, sessions, statuses: getSessionStatuses(this.store), plans: existingRuntime()?.plans.plans, ...(this.config.publishText ? { text: storeSessionTexts(this.store) } : {}) });
      if (whole) this.wholeAt = Date.now();
      if (this.failures > 0) log(`[sessionscope] team database ${this.config.where} is back: published`);
      this.failures = 0;
      Object.assign(this.status, { state: 'published', publishedAt: Date.now(), last: summary, error: undefined, retryAt: undefined });
    } catch (error) {
      // Compared again next time (a publish after a failure compares everything anyway).
      for (const id of sessions ?? []) this.changed.add(id);
      const waitMs = Math.min(this.options.maxBackoffMs ?? 300_000, (this.options.backoffMs ?? 5_000) * 2 ** this.failures++);
      const message = (error as Error).message.split('\n')[0] ?? String(error);
      if (this.failures === 1 || message !== this.status.error) log(`[sessionscope] publishing to the team database ${this.config.where} failed (${message}); trying again in ${Math.round(waitMs / 1000)} s; the dashboard is unaffected`);
      Object.assign(this.status, { state: 'retrying', error: message, retryAt: Date.now() + waitMs });
      this.again = false;
      clearTimeout(this.timer);
      this.timer = undefined;
      if (!this.stopped) {
        this.timer = setTimeout(() => {
          this.timer = undefined;
          void this.run();
        }, waitMs);
        this.timer.unref();
      }
    }
  }
}
