import 'server-only';
import { z } from 'zod';
import type { PartMeta } from '@/lib/model/part-meta';
import type { ToolStatus } from '@/lib/model/part';
import type { PartTable } from '../schema';

/*
 * A part's row keeps what a session's status and context use read of it beyond the columns
 * (PartTable.extra): a restart builds them from the session database, not from a read of the
 * source. Short keys: there is a row per tool call of the history, and a finished call (nearly all
 * of them) has none. Read leniently: a row this cannot read is taken without its extras.
 */
const extraSchema = z.object({
  /** An unfinished or turned-down call's main argument ("Running bash (npm test)"). */
  a: z.string().optional(),
  /** A step's finish reason, cost and tokens (input, output, reasoning, cache read, cache write). */
  r: z.string().optional(),
  c: z.number().optional(),
  t: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]).optional(),
  /** When the row was last written, where that is later than its own times (a call completed in place). */
  u: z.number().optional(),
  /** An unknown part's type on disk. */
  o: z.string().optional(),
});
type Extra = z.infer<typeof extraSchema>;

export function partExtraOf(p: PartMeta): string | null {
  const extra: Extra = {};
  if (p.mainArg !== undefined && p.status !== 'completed') extra.a = p.mainArg;
  if (p.reason !== undefined) extra.r = p.reason;
  if (p.cost !== undefined) extra.c = p.cost;
  if (p.tokens) extra.t = [p.tokens.input, p.tokens.output, p.tokens.reasoning, p.tokens.cacheRead, p.tokens.cacheWrite];
  if (p.updated !== undefined && p.updated > Math.max(p.created ?? 0, p.end ?? 0)) extra.u = p.updated;
  if (p.originalType !== undefined) extra.o = p.originalType;
  return Object.keys(extra).length > 0 ? JSON.stringify(extra) : null;
}

export type PartMetaRow = Pick<PartTable, 'id' | 'session_id' | 'message_id' | 'type' | 'tool' | 'status' | 'rejected' | 'created' | 'ended' | 'extra'>;

/** A part as the store holds it, from its row. */
export function partMetaOfRow(row: PartMetaRow): PartMeta {
  const meta: PartMeta = { id: row.id, messageID: row.message_id, sessionID: row.session_id, type: row.type as PartMeta['type'] };
  if (row.created !== null) meta.created = row.created;
  if (row.ended !== null) meta.end = row.ended;
  if (row.tool !== null) meta.tool = row.tool;
  if (row.status !== null) meta.status = row.status as ToolStatus;
  if (row.rejected) meta.rejected = true;
  const extra = row.extra === null ? undefined : parseExtra(row.extra);
  if (!extra) return meta;
  if (extra.a !== undefined) meta.mainArg = extra.a;
  if (extra.r !== undefined) meta.reason = extra.r;
  if (extra.c !== undefined) meta.cost = extra.c;
  if (extra.t) meta.tokens = { input: extra.t[0], output: extra.t[1], reasoning: extra.t[2], cacheRead: extra.t[3], cacheWrite: extra.t[4] };
  if (extra.u !== undefined) meta.updated = extra.u;
  if (extra.o !== undefined) meta.originalType = extra.o;
  return meta;
}

function parseExtra(text: string): Extra | undefined {
  try {
    const parsed = extraSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
