export function Loading({ what }: { what: string }) {
  return (
    <p className="loading muted" aria-busy="true">
      Loading {what}…
    </p>
  );
}
