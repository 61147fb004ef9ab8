const ALLOWED = new Set(['http:', 'https:', 'mailto:']);

/**
 * A link target that is safe to follow, or `undefined` for anything else (javascript:, data:,
 * vbscript:, file:...). Control characters and whitespace are stripped first, as browsers do.
 */
export function safeHref(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  const cleaned = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, '');
  if (!cleaned) return undefined;
  if (cleaned.startsWith('#') || (cleaned.startsWith('/') && !cleaned.startsWith('//'))) return cleaned;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned);
  if (!scheme) return undefined;
  return ALLOWED.has(`${scheme[1]!.toLowerCase()}:`) ? cleaned : undefined;
}

/** Images load only from http(s) and only after a click; anything else is never loaded. */
export function loadableImageUrl(url: string | undefined | null): string | undefined {
  const href = safeHref(url);
  return href && /^https?:/i.test(href) ? href : undefined;
}

/** The host of a URL for display ("example.com"), or the text itself when it does not parse. */
export function urlHost(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
