export type DownloadFormat = 'csv' | 'json';

/** "CSV · JSON" links that save what a view shows (the API answers with Content-Disposition: attachment). */
export function DownloadLinks({ href, what, testId }: { href: (format: DownloadFormat) => string; what: string; testId: string }) {
  return (
    <span className="downloads" data-testid={testId}>
      <span aria-hidden>⤓ </span>
      <a href={href('csv')} download data-format="csv" aria-label={`Download ${what} as CSV`} title={`Download ${what} as CSV`}>
        CSV
      </a>
      <span aria-hidden> · </span>
      <a href={href('json')} download data-format="json" aria-label={`Download ${what} as JSON`} title={`Download ${what} as JSON`}>
        JSON
      </a>
    </span>
  );
}

/** The download URL of the stats a chart shows: the same query, as a file. */
export const statsDownload = (params: string) => (format: DownloadFormat) => `/api/stats?${params}&format=${format}`;
