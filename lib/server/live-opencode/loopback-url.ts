/** 127.0.0.0/8, `localhost` and ::1: the only hosts Sessionscope ever asks anything. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** An OpenCode server address as given (`--opencode-url`), normalised to its origin; undefined unless http(s) on loopback. */
export function parseServerUrl(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text.trim().includes('://') ? text.trim() : `http://${text.trim()}`);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !isLoopbackHost(url.hostname) || url.username || url.password) return undefined;
  return url.origin;
}
