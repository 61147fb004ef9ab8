/** Marks a fork: its title is its own first prompt; the turns before the fork count in its original. */
export function ForkMark() {
  return (
    <span className="chip subtle" title="A fork: the turns before the fork count in the session it was forked from" data-testid="fork-mark">
      fork
    </span>
  );
}
