import 'server-only';
import { parseArgs } from 'node:util';
import { isValidTimeZone } from '@/lib/accounting/time-keys';
import { SOURCE_FILTERS, type SourceFilter } from '@/lib/model/source';
import { parseDayArg } from '@/lib/reports/local-day';
import { applyDataOptions, DATA_OPTIONS, DATA_OPTIONS_HELP } from '../../data-options';

export const REPORT_KINDS = ['daily', 'weekly', 'monthly', 'session', 'blocks'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export interface ReportArgs {
  kind: ReportKind;
  /** Calendar days "YYYY-MM-DD" in `timeZone`, both included. */
  since?: string;
  until?: string;
  source?: SourceFilter;
  project?: string;
  breakdown: boolean;
  json: boolean;
  timeZone: string;
  /** blocks: the tokens a five-hour block may use, for its share and projection. */
  tokenLimit?: number;
}

export const REPORT_HELP = `sessionscope report daily|weekly|monthly|session|blocks [options]
  --since DAY, --until DAY   first and last day (YYYY-MM-DD or YYYYMMDD), both included
  --source NAME              ${SOURCE_FILTERS.join(', ')}
  --project NAME             a project's name, folder or id
  --breakdown                each row's models under it
  --json                     JSON instead of a table
  --timezone ZONE            days in this zone (IANA name or +hh:mm; default this machine's)
  --token-limit N            blocks: the tokens a block may use (its share and projection)
${DATA_OPTIONS_HELP}`;

export class UsageError extends Error {}

/** The command line after `report`; a UsageError names what is wrong. */
export function parseReportArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): ReportArgs {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      since: { type: 'string' },
      until: { type: 'string' },
      source: { type: 'string' },
      project: { type: 'string' },
      breakdown: { type: 'boolean' },
      json: { type: 'boolean' },
      timezone: { type: 'string' },
      'token-limit': { type: 'string' },
      ...DATA_OPTIONS,
    },
  });
  const kind = positionals[0] ?? 'daily';
  if (!(REPORT_KINDS as readonly string[]).includes(kind) || positionals.length > 1) throw new UsageError(`no report "${positionals.join(' ')}"`);
  const day = (name: 'since' | 'until') => {
    const text = values[name];
    if (text === undefined) return undefined;
    const parsed = parseDayArg(text);
    if (!parsed) throw new UsageError(`--${name} ${text}: not a day (YYYY-MM-DD)`);
    return parsed;
  };
  const source = values.source;
  if (source !== undefined && !(SOURCE_FILTERS as readonly string[]).includes(source)) throw new UsageError(`--source ${source}: one of ${SOURCE_FILTERS.join(', ')}`);
  const timeZone = values.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isValidTimeZone(timeZone)) throw new UsageError(`--timezone ${timeZone}: unknown time zone`);
  const limitText = values['token-limit'];
  const tokenLimit = limitText === undefined ? undefined : Number(limitText);
  if (tokenLimit !== undefined && !(Number.isInteger(tokenLimit) && tokenLimit > 0)) throw new UsageError(`--token-limit ${limitText}: a whole number of tokens`);
  applyDataOptions(values, env);
  return { kind: kind as ReportKind, since: day('since'), until: day('until'), source: source as SourceFilter | undefined, project: values.project, breakdown: values.breakdown ?? false, json: values.json ?? false, timeZone, tokenLimit };
}
