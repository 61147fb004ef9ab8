import 'server-only';

const MAX_BYTES = 256 * 1024;

/**
 * What a status-line host wrote on stdin: nothing from a terminal, and nothing more than `waitMs`
 * after the last byte (a pipe left open never holds the line up). Bounded: the rest is not read.
 */
export function readStdin(waitMs = 300, stream: NodeJS.ReadStream = process.stdin): Promise<string> {
  if (stream.isTTY) return Promise.resolve('');
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let timer = setTimeout(done, waitMs);
    function done(): void {
      clearTimeout(timer);
      stream.off('data', onData);
      stream.off('end', done);
      stream.off('error', done);
      stream.pause();
      stream.unref?.();
      resolve(Buffer.concat(chunks).toString('utf8'));
    }
    function onData(chunk: Buffer): void {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= MAX_BYTES) return done();
      clearTimeout(timer);
      timer = setTimeout(done, waitMs);
    }
    stream.on('data', onData);
    stream.once('end', done);
    stream.once('error', done);
  });
}
