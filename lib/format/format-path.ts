/** Last folder of a path ("/home/me/webapp" -> "webapp"); "/" stays "/". */
export function baseName(p: string): string {
  const parts = p.split(/[\\/]/).filter(Boolean);
  return parts.at(-1) ?? (p || '/');
}

/** A path with the home folder shortened to "~" and long middles elided. */
export function shortPath(p: string, max = 60): string {
  const home = /^(\/home\/[^/]+|\/Users\/[^/]+|[A-Za-z]:\\Users\\[^\\]+)(?=[\\/]|$)/.exec(p);
  const shown = home ? `~${p.slice(home[0].length)}` : p;
  if (shown.length <= max) return shown;
  const keep = Math.max(8, max - 1);
  const tail = shown.slice(shown.length - Math.ceil(keep * 0.7));
  const head = shown.slice(0, keep - tail.length);
  return `${head}…${tail}`;
}

/** "anthropic/claude-sonnet-4-5" -> "claude-sonnet-4-5". */
export function modelName(model: string): string {
  const slash = model.indexOf('/');
  return slash >= 0 ? model.slice(slash + 1) : model;
}
