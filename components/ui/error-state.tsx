import { ApiError } from '@/lib/client/fetch-json';

/** What failed, why, and what to do about it. */
export function ErrorState({ what, error, hint }: { what: string; error: unknown; hint?: string }) {
  const message = error instanceof Error ? error.message : String(error);
  const status = error instanceof ApiError ? error.status : undefined;
  const advice =
    hint ??
    (status === 404
      ? 'This endpoint or record does not exist (yet). Check the link, or update Sessionscope.'
      : status !== undefined && status >= 500
        ? 'The server failed: see the terminal running sessionscope for the error, then reload.'
        : status === undefined
          ? 'The dashboard server did not answer. Is `npm start` still running? Restart it, then reload.'
          : 'Check the address and filters, then reload.');
  return (
    <div className="error-state" role="alert">
      <strong>Could not load {what}.</strong> <span className="muted">{message}</span>
      <p>{advice}</p>
    </div>
  );
}
