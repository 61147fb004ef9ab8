import type { FilePart } from '@/lib/model/part';
import { loadableImageUrl, urlHost } from '@/lib/view/safe-url';

/** A file attached to a message. Remote files open in a new tab on click; inline data is never rendered. */
export function FileAttachment({ part }: { part: FilePart }) {
  const remote = loadableImageUrl(part.url);
  const name = part.filename ?? part.sourcePath ?? part.url.slice(0, 80);
  return (
    <div className="notice notice-muted file-part">
      <strong>File</strong> {name} <span className="muted small">({part.mime})</span>{' '}
      {part.url.startsWith('data:') ? <span className="muted small">· inline, {Math.round(part.url.length / 1365)} KB</span> : null}
      {remote ? (
        <a href={remote} target="_blank" rel="noopener noreferrer nofollow" className="small">
          Open from {urlHost(remote)} ↗
        </a>
      ) : null}
    </div>
  );
}
