/** Path helpers that run anywhere (no node:path): plans can be inspected in the browser too. */

function isAbsolute(p: string): boolean {
  return p.startsWith('/') || p.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(p);
}

function normalise(p: string): string {
  const sep = p.includes('\\') && !p.includes('/') ? '\\' : '/';
  const drive = /^[A-Za-z]:/.exec(p)?.[0] ?? '';
  const rest = p.slice(drive.length);
  const rooted = rest.startsWith('/') || rest.startsWith('\\');
  const out: string[] = [];
  for (const seg of rest.split(/[\\/]+/)) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!rooted) out.push('..');
      continue;
    }
    out.push(seg);
  }
  return drive + (rooted ? sep : '') + out.join(sep);
}

/** Resolves `p` against `base` unless it is already absolute; `~` is left alone (no home here). */
export function resolveAgainst(base: string, p: string): string {
  return normalise(isAbsolute(p) ? p : `${base}/${p}`);
}

export function dirnameOf(p: string): string {
  const n = normalise(p);
  const i = Math.max(n.lastIndexOf('/'), n.lastIndexOf('\\'));
  return i <= 0 ? (i === 0 ? n.slice(0, 1) : '.') : n.slice(0, i);
}

export function basenameOf(p: string, ext?: string): string {
  const n = normalise(p);
  const base = n.slice(Math.max(n.lastIndexOf('/'), n.lastIndexOf('\\')) + 1);
  return ext && base.endsWith(ext) ? base.slice(0, -ext.length) : base;
}
