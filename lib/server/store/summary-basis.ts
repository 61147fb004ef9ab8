import 'server-only';
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { BUNDLED_PRICES_MADE } from '@/lib/pricing/bundled-prices';
import { rollUpAll } from '@/lib/sessions/roll-up';
import { figuresOfTally, sessionFigures } from '@/lib/sessions/session-figures';
import { spendOf } from '@/lib/sessions/spend';
import { inferStatus } from '@/lib/status/infer-status';
import { applyLiveStatus, withChildApproval } from '@/lib/status/live-status';
import { buildSummaries } from './build-summaries';

/** What prices rest on beside the code: the user's opencode.json files read, each with a digest (see OpencodeConfigs). */
export interface PricesBasis {
  filesRead(): [string, string][];
  /** Whether each file still holds what its digest says (and is followed from now on). */
  stillAs(files: readonly (readonly [string, string])[]): boolean;
}

/**
 * Raise when a summary comes out differently from the same data (a field, a status rule, a
 * figure): rows built by an earlier build are then built again rather than read. The builders'
 * own text is part of the key as well, so a change to them does so without it.
 */
const SUMMARY_FORMAT = 1;

let code: string | undefined;
function codeKey(): string {
  code ??= digest([SUMMARY_FORMAT, BUNDLED_PRICES_MADE, ...[buildSummaries, inferStatus, figuresOfTally, sessionFigures, rollUpAll, spendOf, applyLiveStatus, withChildApproval].map(String)]);
  return code;
}

function digest(value: unknown): string {
  return createHash('sha1').update(JSON.stringify(value)).digest('base64url');
}

/** A source of the dashboard as the basis names it: its key (`kind:path`) and priority. */
export type BasisSource = readonly [string, number];

/** What a source's summary rows were built from (SourceTable.summaries_as). */
const summariesAsSchema = z.object({ basis: z.string(), generation: z.number(), files: z.array(z.tuple([z.string(), z.string()])) });
export type SummariesAs = z.infer<typeof summariesAsSchema>;

/** The basis of summaries built by this code over these sources with prices resting on these files. */
export function summaryBasis(sources: readonly BasisSource[], files: readonly (readonly [string, string])[]): string {
  return digest({ code: codeKey(), sources: [...sources].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), files });
}

export function summariesAsValue(as: SummariesAs): string {
  return JSON.stringify(as);
}

/** A recorded value, if it is one (another build's or a damaged one is not). */
export function parseSummariesAs(value: string | undefined): SummariesAs | undefined {
  if (value === undefined) return undefined;
  try {
    const parsed = summariesAsSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether summary rows recorded as `recorded` (one per source, with each source's data generation
 * now) are current for these sources: every source's rows were built at its generation now, under
 * one basis, and that basis is what this code, these sources and the files' contents now give.
 */
export function rowsAreCurrent(sources: readonly BasisSource[], recorded: readonly ({ as: string | undefined; generation: number } | undefined)[], prices: PricesBasis | undefined): boolean {
  const values = recorded.map((r) => (r ? { value: parseSummariesAs(r.as), generation: r.generation } : undefined));
  const first = values[0]?.value;
  if (!first) return false;
  for (const entry of values) if (!entry?.value || entry.value.generation !== entry.generation || entry.value.basis !== first.basis) return false;
  const files = first.files;
  // Files are read only where prices are configured by them; without, a basis that names any is another dashboard's.
  if (files.length > 0 && !prices?.stillAs(files)) return false;
  return summaryBasis(sources, files) === first.basis;
}
