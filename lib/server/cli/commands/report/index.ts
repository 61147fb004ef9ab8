import 'server-only';
import type { Command } from '../../commands';
import { openLocalHistory } from '../../local-history';
import { blocksReport } from './blocks-report';
import { periodReport } from './period-report';
import { parseReportArgs, REPORT_HELP, UsageError, type ReportArgs } from './report-args';

/** The table's width: the terminal's, or $COLUMNS, or 120 for a pipe. */
function outputWidth(): number {
  const fromEnv = Number(process.env.COLUMNS);
  return process.stdout.columns ?? (Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 120);
}

export const report: Command = {
  summary: 'usage reports: daily, weekly, monthly, session, blocks (five-hour windows)',
  async run(argv) {
    if (argv.includes('--help') || argv.includes('-h')) {
      console.log(REPORT_HELP);
      return 0;
    }
    let args: ReportArgs;
    try {
      args = parseReportArgs(argv);
    } catch (error) {
      console.error(`sessionscope report: ${(error as Error).message}\n\n${REPORT_HELP}`);
      return 2;
    }
    const history = await openLocalHistory();
    try {
      const { json, text } = args.kind === 'blocks' ? blocksReport(history.store, args, outputWidth()) : periodReport(history.store, { ...args, kind: args.kind }, outputWidth());
      console.log(args.json ? JSON.stringify(json, null, 2) : text());
      return 0;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      console.error(`sessionscope report: ${error.message}`);
      return 2;
    } finally {
      history.close();
    }
  },
};
