/** One listening TCP socket of `/proc/net/tcp` or `/proc/net/tcp6` on a loopback address. */
export interface ListeningSocket {
  port: number;
  inode: string;
  host: '127.0.0.1' | '::1';
  /** The user that owns the socket (any local user can listen on loopback). */
  uid: number;
}

const IPV4_LOOPBACK = /^[0-9A-F]{6}7F$/i;
const IPV6_LOOPBACK = '00000000000000000000000001000000';

/** Loopback sockets in state LISTEN (0A) of a `/proc/net/tcp[6]` table; with `owner`, only that user's. */
export function listeningLoopbackSockets(table: string, owner?: number): ListeningSocket[] {
  const out: ListeningSocket[] = [];
  for (const line of table.split('\n').slice(1)) {
    const cols = line.trim().split(/\s+/);
    const [local, , state] = cols.slice(1, 4);
    const inode = cols[9];
    const uid = Number(cols[7]);
    if (!local || state !== '0A' || !inode || inode === '0' || !Number.isInteger(uid)) continue;
    if (owner !== undefined && uid !== owner) continue;
    const [addr, portHex] = local.split(':');
    if (!addr || !portHex) continue;
    const host = IPV4_LOOPBACK.test(addr) ? '127.0.0.1' : addr.toUpperCase() === IPV6_LOOPBACK ? '::1' : undefined;
    if (host) out.push({ port: Number.parseInt(portHex, 16), inode, host, uid });
  }
  return out;
}

/** The inode of a `/proc/<pid>/fd/<n>` link to a socket (`socket:[12345]`). */
export function socketInode(link: string): string | undefined {
  return /^socket:\[(\d+)\]$/.exec(link)?.[1];
}

/** Whether a process looks like OpenCode, by its `comm` or the first word of its command line. */
export function looksLikeOpencode(comm: string, cmdline: string): boolean {
  const argv0 = cmdline.split('\0')[0] ?? '';
  const base = argv0.split('/').at(-1) ?? '';
  return /opencode/i.test(comm) || /^\.?opencode/i.test(base);
}
