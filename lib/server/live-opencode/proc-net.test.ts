import { describe, expect, it } from 'vitest';
import { listeningLoopbackSockets, looksLikeOpencode, socketInode } from './proc-net';

const TCP = `  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 0100007F:1000 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 19715 1 0 100 0 0 10 0
   1: 00000000:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1 0 100 0 0 10 0
   2: 0100007F:A8A7 0100007F:1000 01 00000000:00000000 00:00000000 00000000     0        0 222 1 0 100 0 0 10 0`;
const TCP6 = `  sl  local_address                         remote_address                        st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
   0: 00000000000000000000000001000000:1F90 00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 333 1 0 100 0 0 10 0`;

describe('/proc parsing for OpenCode discovery', () => {
  it('lists listening loopback sockets only (not 0.0.0.0, not connections)', () => {
    expect(listeningLoopbackSockets(TCP)).toEqual([{ port: 4096, inode: '19715', host: '127.0.0.1', uid: 0 }]);
    expect(listeningLoopbackSockets(TCP6)).toEqual([{ port: 8080, inode: '333', host: '::1', uid: 0 }]);
    expect(listeningLoopbackSockets('')).toEqual([]);
  });

  it("keeps only the given user's sockets: another user's server on 127.0.0.1 is never followed", () => {
    const mixed = `${TCP}\n   3: 0100007F:1001 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1001        0 444 1 0 100 0 0 10 0`;
    expect(listeningLoopbackSockets(mixed, 1001)).toEqual([{ port: 4097, inode: '444', host: '127.0.0.1', uid: 1001 }]);
    expect(listeningLoopbackSockets(mixed, 0).map((s) => s.port)).toEqual([4096]);
  });

  it('reads socket inodes and recognises OpenCode processes, not tools naming its folder', () => {
    expect(socketInode('socket:[19715]')).toBe('19715');
    expect(socketInode('/dev/null')).toBeUndefined();
    expect(looksLikeOpencode('opencode', '/home/u/.opencode/bin/opencode\0serve')).toBe(true);
    expect(looksLikeOpencode('node', '/usr/bin/node\0/work/bin/sessionscope.mjs\0--opencode-dir\0x')).toBe(false);
  });
});
