import 'server-only';
import { parseArgs } from 'node:util';
import { isValidTimeZone } from '@/lib/accounting/time-keys';
import { parseStatuslineInput, sessionIdOf } from '@/lib/statusline/statusline-input';
import { statuslineText } from '@/lib/statusline/statusline-text';
import type { Command } from '../../commands';
import { applyDataOptions, DATA_OPTIONS, DATA_OPTIONS_HELP } from '../../data-options';
import { openLocalHistory } from '../../local-history';
import { readStdin } from './read-stdin';
import { refreshDone, refreshInBackground } from './refresh-in-background';
import { statuslineFigures } from './statusline-figures';

const HELP = `sessionscope statusline [--session ID] [--timezone ZONE] [--ingest]
  One line: today's spend, the active five-hour block, the session's context use. Reads Claude
  Code's status-line JSON on stdin when given (its session). Answers from the session database at
  once; where the history changed since, a background refresh brings it up (the line marks figures
  that wait for it with ~). --ingest: bring it up first, then answer.
${DATA_OPTIONS_HELP}`;

export const statusline: Command = {
  summary: "one line for a status bar: today's spend, the active block, the session's context use",
  async run(argv) {
    let values;
    try {
      ({ values } = parseArgs({ args: argv, strict: true, options: { session: { type: 'string' }, timezone: { type: 'string' }, ingest: { type: 'boolean' }, refresh: { type: 'boolean' }, help: { type: 'boolean', short: 'h' }, ...DATA_OPTIONS } }));
    } catch (error) {
      console.error(`sessionscope statusline: ${(error as Error).message}\n\n${HELP}`);
      return 2;
    }
    if (values.help) {
      console.log(HELP);
      return 0;
    }
    const timeZone = values.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!isValidTimeZone(timeZone)) {
      console.error(`sessionscope statusline: --timezone ${timeZone}: unknown time zone`);
      return 2;
    }
    applyDataOptions(values);
    if (values.refresh) {
      // The background refresh: ingest what changed, then let the next status line start another.
      try {
        (await openLocalHistory()).close();
      } finally {
        refreshDone();
      }
      return 0;
    }
    const input = parseStatuslineInput(await readStdin());
    const history = await openLocalHistory({ ingest: values.ingest === true });
    try {
      let stale = false;
      if (!history.current && !values.ingest) {
        // Without a usable database there is nothing to answer from but a read.
        if (history.store.sessionDb?.usable) {
          refreshInBackground();
          stale = true;
        } else await history.store.start();
      }
      console.log(statuslineText(statuslineFigures(history.store, { sessionID: values.session ?? sessionIdOf(input), timeZone, now: Date.now(), stale })));
      return 0;
    } finally {
      history.close();
    }
  },
};
