import 'server-only';
import net from 'node:net';
import type { LiveState } from './live-state';
import { isLoopbackHost } from './loopback-url';
import { healthSchema, parseServerEvent, pathSchema, permissionListSchema, sessionStatusMapSchema, type ServerPermission } from './server-events';
import { serverGet, serverGetJson, sseData } from './server-get';

/** How a server became known. */
export type ServerOrigin = 'flag' | 'discovered';

export interface ServerInfo {
  url: string;
  origin: ServerOrigin;
  state: 'connecting' | 'connected' | 'unreachable';
  version?: string;
  /** Project folders it serves that Sessionscope follows. */
  directories: string[];
  lastEventAt?: number;
  /** When it last answered (health, folder or an event): diagnostics say how long it has been away. */
  lastReachedAt?: number;
  /** While away: when the next full try is due (sooner if its port opens meanwhile). */
  nextAttemptAt?: number;
  error?: string;
}

/** Statuses and approvals are asked again this often (the event stream brings them sooner). */
const POLL_MS = 1_000;
/** Project folders followed per server at most (one instance each on OpenCode's side). */
const MAX_DIRECTORIES = 20;
/**
 * While a server is away its port is checked this often (a TCP connect on loopback, nothing
 * sent): a server that comes up is followed within a second, not after a pause grown to 10 s
 * (a reply streamed in its first seconds would show no words until finished).
 */
export const PORT_CHECK_MS = 500;

/**
 * Follows one OpenCode server: its event stream (`/global/event`, or `/event` on versions
 * without it) and, every second, `/session/status` and `/permission` of each project folder it
 * is seen serving. GET requests only. Reconnects with a growing pause while it is away.
 */
export class ServerFollower {
  private readonly abort = new AbortController();
  private readonly info: ServerInfo;
  private readonly directories = new Set<string>();
  private defaultDirectory = '';

  constructor(
    readonly url: string,
    origin: ServerOrigin,
    private readonly state: LiveState,
    /** The pause before the next full try after `attempt` failed ones (tests make it long: only the port check can end it). */
    private readonly retryPauseMs: (attempt: number) => number = (attempt) => Math.min(10_000, 500 * 2 ** attempt),
  ) {
    this.info = { url, origin, state: 'connecting', directories: [] };
  }

  start(): void {
    void this.run();
  }

  stop(): void {
    this.abort.abort();
    this.forget();
  }

  get stopped(): boolean {
    return this.abort.signal.aborted;
  }

  snapshot(): ServerInfo {
    return { ...this.info, directories: [...this.directories] };
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    for (let attempt = 0; !signal.aborted; attempt++) {
      const connected = await this.follow(signal).catch((error: unknown) => {
        this.info.error = (error as Error).message || String(error);
        return false;
      });
      this.forget();
      if (signal.aborted) return;
      this.info.state = 'unreachable';
      if (connected) attempt = 0;
      const wait = this.retryPauseMs(attempt);
      this.info.nextAttemptAt = Date.now() + wait;
      await this.untilPortOpens(wait, signal);
      this.info.nextAttemptAt = undefined;
    }
  }

  /** Waits `ms`, or less if the server's port opens meanwhile (it was closed: a server came up). */
  private async untilPortOpens(ms: number, signal: AbortSignal): Promise<void> {
    const until = Date.now() + ms;
    let wasOpen = await portOpen(this.url, signal);
    while (!signal.aborted && Date.now() < until) {
      await pause(Math.min(PORT_CHECK_MS, until - Date.now()), signal);
      const open = await portOpen(this.url, signal);
      if (open && !wasOpen) return;
      wasOpen = open;
    }
  }

  /** One connection: true if it got as far as the event stream. */
  private async follow(signal: AbortSignal): Promise<boolean> {
    const health = healthSchema.safeParse(await serverGetJson(this.url, '/global/health', signal));
    if (health.success) this.info.version = health.data.version;
    const where = pathSchema.safeParse(await serverGetJson(this.url, '/path', signal));
    if (!where.success || !where.data.directory) {
      this.info.error = 'no OpenCode server answers here';
      return false;
    }
    this.info.lastReachedAt = Date.now();
    this.defaultDirectory = where.data.directory;
    this.directories.add(this.defaultDirectory);
    let response = await serverGet(this.url, '/global/event', signal);
    if (response.status === 404) {
      await response.body?.cancel();
      response = await serverGet(this.url, '/event', signal);
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      this.info.error = `event stream: HTTP ${response.status}`;
      return false;
    }
    this.info.state = 'connected';
    this.info.error = undefined;
    const polling = this.poll(signal);
    try {
      for await (const data of sseData(response.body)) {
        const parsed = parseServerEvent(data);
        this.info.lastEventAt = this.info.lastReachedAt = Date.now();
        if (!parsed) continue;
        const directory = parsed.directory ?? this.defaultDirectory;
        this.noteDirectory(directory);
        this.state.apply(this.source(directory), parsed.event);
      }
    } finally {
      this.info.state = 'unreachable';
      await polling;
    }
    return true;
  }

  private async poll(signal: AbortSignal): Promise<void> {
    while (!signal.aborted && this.info.state === 'connected') {
      for (const directory of [...this.directories]) {
        const query = `?directory=${encodeURIComponent(directory)}`;
        const [statuses, permissions] = await Promise.all([serverGetJson(this.url, `/session/status${query}`, signal), serverGetJson(this.url, `/permission${query}`, signal)]);
        if (this.info.state !== 'connected') return;
        const map = sessionStatusMapSchema.safeParse(statuses);
        if (map.success) {
          const known = new Map<string, { type: 'busy' | 'retry' | 'idle'; attempt?: number; message?: string }>();
          for (const [id, status] of Object.entries(map.data)) if (status) known.set(id, status);
          this.state.replaceStatuses(this.source(directory), known);
        }
        const list = permissionListSchema.safeParse(permissions);
        if (list.success) this.state.replaceApprovals(this.source(directory), list.data.filter((p): p is ServerPermission => p !== undefined));
      }
      await pause(POLL_MS, signal);
    }
  }

  private noteDirectory(directory: string): void {
    if (this.directories.has(directory)) return;
    this.directories.add(directory);
    if (this.directories.size > MAX_DIRECTORIES) {
      const oldest = [...this.directories].find((d) => d !== this.defaultDirectory);
      if (oldest) {
        this.directories.delete(oldest);
        this.state.dropSource(this.source(oldest));
      }
    }
  }

  private forget(): void {
    for (const directory of this.directories) this.state.dropSource(this.source(directory));
    this.directories.clear();
  }

  private source(directory: string): string {
    return `${this.url}|${directory}`;
  }
}

/** Whether something listens on the server's loopback port (connect, then hang up; nothing is sent). */
function portOpen(url: string, signal: AbortSignal): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    if (signal.aborted || !isLoopbackHost(hostname)) return resolve(false);
    const socket = net.connect({ host: hostname.replace(/^\[|\]$/g, ''), port: Number(port) || 80 });
    const done = (open: boolean): void => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(300, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    timer.unref?.();
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
