import 'server-only';
import { z } from 'zod';
import type { ResumePoint } from './sqlite-cursor';

/**
 * Where the reader follows on from, as the session database keeps it (ChangeSet.resumeMark): the
 * cursor's point and the database file's identity (device and inode). Rowids mean nothing in
 * another file (a restored copy): a mark of another file is not followed on from.
 */
const markSchema = z.object({
  v: z.literal(1),
  file: z.string().min(1),
  messageRowid: z.number().int().nonnegative(),
  partRowid: z.number().int().nonnegative(),
  sessionUpdated: z.number(),
  at: z.number(),
  active: z.array(z.tuple([z.string(), z.number()])),
  tables: z.string(),
  tails: z.object({ message: z.array(z.tuple([z.number(), z.string()])), part: z.array(z.tuple([z.number(), z.string()])) }).optional(),
});

export function resumeMarkOf(file: string, point: ResumePoint): string {
  return JSON.stringify({ v: 1, file, ...point });
}

/** The point a mark names, if it is one of `file` (undefined: another file's, or not a mark). */
export function resumePointOf(mark: string, file: string): ResumePoint | undefined {
  try {
    const parsed = markSchema.safeParse(JSON.parse(mark));
    if (!parsed.success || parsed.data.file !== file) return undefined;
    const { v: _v, file: _file, ...point } = parsed.data;
    return point;
  } catch {
    return undefined;
  }
}
