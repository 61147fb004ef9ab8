import 'server-only';
import { createTimeKeyer } from '@/lib/accounting/time-keys';
import { blockJson, type BlockJson } from '@/lib/reports/blocks-json';
import { blocksTable } from '@/lib/reports/blocks-table';
import { getBlocks } from '../../../blocks/get-blocks';
import type { Store } from '../../../store/store';
import { resolveProject } from './period-report';
import type { ReportArgs } from './report-args';

/** Five-hour blocks (ccusage's `blocks`): those starting on the days asked, as JSON or a table (laid out only when asked). */
export function blocksReport(store: Store, args: ReportArgs, width: number, now = Date.now()): { json: { blocks: BlockJson[] }; text(): string } {
  const project = args.project === undefined ? undefined : resolveProject(store, args.project);
  const day = createTimeKeyer(args.timeZone).day;
  const blocks = getBlocks(store, { source: args.source, project }, now).filter((b) => (args.since === undefined || day(b.start) >= args.since) && (args.until === undefined || day(b.start) <= args.until));
  return {
    json: { blocks: blocks.map((b) => blockJson(b, now, args.tokenLimit)) },
    text: () => blocksTable(blocks, now, width, args.timeZone, args.tokenLimit),
  };
}
