import 'server-only';
import path from 'node:path';
import type { Part } from '@/lib/model/part';

const SAFE_NAME = /^[\w-]+$/;

interface Truncation {
  artifactId?: unknown;
  totalBytes?: unknown;
  totalLines?: unknown;
}

/**
 * oh-my-pi keeps a big tool output whole in `<session file without .jsonl>/<artifactId>.<tool>.log`
 * and names it in the result's `details.meta.truncation.artifactId` (FORMATS.md): the tool call
 * gets the file, so the page can offer the whole output.
 */
export function linkArtifacts(parts: readonly Part[], sessionFile: string): void {
  const folder = sessionFile.slice(0, -path.extname(sessionFile).length);
  for (const part of parts) {
    if (part.type !== 'tool') continue;
    const meta = part.metadata?.meta as { truncation?: Truncation } | undefined;
    const t = meta?.truncation;
    const id = typeof t?.artifactId === 'number' ? String(t.artifactId) : t?.artifactId;
    if (typeof id !== 'string' || !SAFE_NAME.test(id) || !SAFE_NAME.test(part.tool)) continue;
    part.fullOutput = {
      file: path.join(folder, `${id}.${part.tool}.log`),
      ...(typeof t?.totalBytes === 'number' ? { bytes: t.totalBytes } : {}),
      ...(typeof t?.totalLines === 'number' ? { lines: t.totalLines } : {}),
    };
  }
}
