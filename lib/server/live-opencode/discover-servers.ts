import 'server-only';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { mapLimit } from '../fs/map-limit';
import { listeningLoopbackSockets, looksLikeOpencode, socketInode, type ListeningSocket } from './proc-net';
import { healthSchema, pathSchema } from './server-events';
import { serverGetJson } from './server-get';

/** OpenCode's default port (`opencode serve` without `--port`). */
export const DEFAULT_OPENCODE_PORT = 4096;
/** Processes and file descriptors looked at per round, at most: discovery stays cheap on a busy machine. */
const MAX_PIDS = 4_000;
const MAX_FDS = 2_000;

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Ports local `opencode` processes of this user listen on (Linux `/proc`), or 'unknown' where
 * there is no `/proc`. Another user's process on 127.0.0.1 (which any user can listen on) is never
 * a candidate, nor a process of ours that is not OpenCode.
 */
async function opencodePorts(): Promise<ListeningSocket[] | 'unknown'> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name)).slice(0, MAX_PIDS);
  } catch {
    return 'unknown';
  }
  const me = process.getuid?.();
  const sockets = [...listeningLoopbackSockets(await readText('/proc/net/tcp'), me), ...listeningLoopbackSockets(await readText('/proc/net/tcp6'), me)];
  if (sockets.length === 0) return [];
  const byInode = new Map(sockets.map((s) => [s.inode, s]));
  const found: ListeningSocket[] = [];
  await mapLimit(pids, 16, async (pid) => {
    const [comm, cmdline] = await Promise.all([readText(`/proc/${pid}/comm`), readText(`/proc/${pid}/cmdline`)]);
    if (!looksLikeOpencode(comm.trim(), cmdline)) return;
    let fds: string[];
    try {
      fds = (await readdir(`/proc/${pid}/fd`)).slice(0, MAX_FDS);
    } catch {
      return;
    }
    for (const fd of fds) {
      const inode = socketInode(await readlink(`/proc/${pid}/fd/${fd}`).catch(() => ''));
      const socket = inode ? byInode.get(inode) : undefined;
      if (socket) found.push(socket);
    }
  });
  return found;
}

/**
 * Local OpenCode servers, best effort: the loopback ports this user's `opencode` processes listen
 * on (where there is no `/proc` to tell, the default port); each candidate counts only if
 * `/global/health` answers like OpenCode.
 */
export async function discoverServers(signal: AbortSignal): Promise<string[]> {
  const ports = await opencodePorts();
  const candidates = new Set<string>(ports === 'unknown' ? [`http://127.0.0.1:${DEFAULT_OPENCODE_PORT}`] : []);
  for (const socket of ports === 'unknown' ? [] : ports) candidates.add(socket.host === '::1' ? `http://[::1]:${socket.port}` : `http://127.0.0.1:${socket.port}`);
  const answers = await mapLimit([...candidates], 8, async (url) => {
    const health = healthSchema.safeParse(await serverGetJson(url, '/global/health', signal, 800));
    if (health.success && health.data.healthy !== undefined) return url;
    // Versions without /global/health: `/path` names OpenCode's own folders.
    const where = pathSchema.safeParse(await serverGetJson(url, '/path', signal, 800));
    return where.success && where.data.directory && 'state' in where.data ? url : undefined;
  });
  return answers.filter((url): url is string => url !== undefined);
}
