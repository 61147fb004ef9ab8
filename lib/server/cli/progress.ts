import 'server-only';

export interface Progress {
  /** `done` of `total` (when known), with a word on what is being done. */
  update(done: number, total: number | undefined, what?: string): void;
  /** Ends the bar; the summary is printed by the command. */
  end(): void;
}

/**
 * A progress bar on stderr while it is a terminal (redrawn at most 10 times a second), nothing
 * otherwise: output piped into a file or a CI log stays the summary alone.
 */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update: () => undefined, end: () => undefined };
  let last = 0;
  let drawn = false;
  return {
    update(done, total, what) {
      const now = Date.now();
      if (now - last < 100 && (total === undefined || done < total)) return;
      last = now;
      const width = Math.max(10, Math.min(30, (stream.columns ?? 80) - label.length - 40));
      const share = total ? Math.min(1, done / total) : 0;
      const bar = total ? `[${'#'.repeat(Math.round(share * width)).padEnd(width, '.')}] ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}` : `${done.toLocaleString('en-US')}`;
      stream.write(`\r\x1b[2K${label} ${bar}${what ? ` ${what}` : ''}`.slice(0, (stream.columns ?? 80) + 5));
      drawn = true;
    },
    end() {
      if (drawn) stream.write('\r\x1b[2K');
    },
  };
}
