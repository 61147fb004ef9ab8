/** While a query loads; `counting` while the server still indexes (its answer would be a partial sum). */
export function Loading({ what, counting = false }: { what: string; counting?: boolean }) {
  return (
    <p className="loading muted" aria-busy="true" data-testid={counting ? 'counting' : undefined}>
      {counting ? `Counting ${what}… (still reading your history)` : `Loading ${what}…`}
    </p>
  );
}

/** In place of a figure that is not complete yet: never a partial sum that reads like a real "$0.00". */
export function Counting() {
  return (
    <span className="counting muted" aria-busy="true" data-testid="counting" title="Still reading your history: this figure is not complete yet">
      counting…
    </span>
  );
}
