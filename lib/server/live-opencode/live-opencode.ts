import 'server-only';
import { discoverServers } from './discover-servers';
import { LiveState, type LiveChange } from './live-state';
import { parseServerUrl } from './loopback-url';
import { ServerFollower, type ServerInfo } from './server-follower';

export const LIVE_ENV = { urls: 'SESSIONSCOPE_OPENCODE_URL', discovery: 'SESSIONSCOPE_OPENCODE_DISCOVERY' } as const;

export interface LiveConfig {
  /** Servers named with `--opencode-url` (loopback only; anything else is dropped). */
  urls: string[];
  /** Look for local OpenCode servers too. */
  discover: boolean;
}

export function liveConfig(env: NodeJS.ProcessEnv = process.env): LiveConfig {
  const urls = (env[LIVE_ENV.urls] ?? '').split(',').map(parseServerUrl).filter((u): u is string => u !== undefined);
  return { urls: [...new Set(urls)], discover: env[LIVE_ENV.discovery] !== '0' };
}

/** Servers found by discovery followed at most (each costs a connection and a poll a second); named ones always are. */
export const MAX_DISCOVERED = 8;
/** Discovery runs this often; it never runs before the first answer is served (see `start`). */
const DISCOVER_EVERY_MS = 15_000;

/**
 * OpenCode's own servers as a live source beside the disk: one follower per server (named or
 * found), all feeding one `LiveState` that the store lays over what the disk says.
 */
export class LiveOpencode {
  readonly state: LiveState;
  private readonly followers = new Map<string, ServerFollower>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private discovering = false;
  /** When discovery last finished, and what went wrong if it failed. */
  discovery: { enabled: boolean; lastRun?: number; error?: string } = { enabled: false };

  constructor(
    onChange: LiveChange,
    /** What finds local servers (the tests give their own). */
    private readonly find: (signal: AbortSignal) => Promise<string[]> = discoverServers,
  ) {
    this.state = new LiveState(onChange);
  }

  start(config: LiveConfig): void {
    for (const url of config.urls) this.follow(url, 'flag');
    this.discovery.enabled = config.discover;
    if (!config.discover) return;
    // After the start's own work: a scan of /proc and a few loopback probes, off the first answer's path.
    this.timer = setTimeout(() => this.discover(), 1_000);
    this.timer.unref();
  }

  servers(): ServerInfo[] {
    return [...this.followers.values()].map((f) => f.snapshot());
  }

  stop(): void {
    this.abort.abort();
    if (this.timer) clearTimeout(this.timer);
    for (const follower of this.followers.values()) follower.stop();
    this.followers.clear();
  }

  private follow(url: string, origin: 'flag' | 'discovered'): void {
    if (this.followers.has(url)) return;
    const follower = new ServerFollower(url, origin, this.state);
    this.followers.set(url, follower);
    follower.start();
  }

  private async discover(): Promise<void> {
    if (this.discovering || this.abort.signal.aborted) return;
    this.discovering = true;
    try {
      const found = new Set(await this.find(this.abort.signal));
      for (const url of found) {
        const discovered = [...this.followers.values()].filter((f) => f.snapshot().origin === 'discovered').length;
        if (discovered >= MAX_DISCOVERED) break;
        this.follow(url, 'discovered');
      }
      // A found server that went away is dropped; a named one is kept and retried.
      for (const [url, follower] of this.followers) {
        const info = follower.snapshot();
        if (info.origin === 'discovered' && !found.has(url) && info.state !== 'connected') {
          follower.stop();
          this.followers.delete(url);
        }
      }
      this.discovery = { enabled: true, lastRun: Date.now() };
    } catch (error) {
      this.discovery = { enabled: true, lastRun: Date.now(), error: (error as Error).message };
    } finally {
      this.discovering = false;
      if (!this.abort.signal.aborted) {
        this.timer = setTimeout(() => this.discover(), DISCOVER_EVERY_MS);
        this.timer.unref();
      }
    }
  }
}
