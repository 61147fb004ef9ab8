'use client';
import type { ReactNode } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { loadableImageUrl, safeHref, urlHost } from '@/lib/view/safe-url';

function SafeLink({ href, children }: { href?: string; children?: ReactNode }) {
  const safe = safeHref(href);
  if (!safe) {
    return (
      <span className="inert-link" title="Link blocked: only http(s) and mailto links are followed">
        {children}
      </span>
    );
  }
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

/**
 * Remote images are never fetched by the page (the CSP allows only local images anyway): the
 * reader gets a link that opens the image in a new tab, so nothing calls out without a click.
 */
function RemoteImageLink({ src, alt }: { src?: string; alt?: string }) {
  const url = loadableImageUrl(src);
  if (!url) return <span className="inert-link">[image not shown: {alt || 'unsupported address'}]</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow" className="image-placeholder" title={url}>
      Open image{alt ? ` “${alt}”` : ''} from {urlHost(url)} ↗
    </a>
  );
}

const COMPONENTS: Components = {
  a: ({ href, children }) => <SafeLink href={href}>{children}</SafeLink>,
  img: ({ src, alt }) => <RemoteImageLink src={typeof src === 'string' ? src : undefined} alt={alt} />,
};

/**
 * Assistant markdown. No rehype-raw: raw HTML in the text stays text. URLs go through `safeHref`,
 * so javascript: and data: links render inert.
 */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown components={COMPONENTS} urlTransform={(url) => safeHref(url) ?? ''}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
