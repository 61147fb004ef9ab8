import 'server-only';
import { parseArgs } from 'node:util';
import { openPostgresSessionDb } from '../../../db/postgres/postgres-session-db';
import { publish } from '../../../db/publish/publisher';
import type { Command } from '../../commands';
import { applyDataOptions, DATA_OPTIONS, DATA_OPTIONS_HELP } from '../../data-options';
import { openLocalHistory } from '../../local-history';
import { getSessionStatuses } from '../../../queries/get-session-statuses';
import { machineIdentity } from '../../../team/machine-identity';
import { storeSessionTexts } from '../../../team/session-texts';
import { publishesText } from '../../../team/team-config';
import { progressBar } from '../../progress';
import { checkTeamDbUrl, describeTeamDb, teamDbUrl } from '../../../team/team-db-url';
import { formatSummary } from './format-summary';

const HELP = `Usage: sessionscope publish --team-db postgres://user@host/db [--machine M] [--person P] [--publish-text]

Publishes this machine's sessions into a team's PostgreSQL once and exits (for a cron job or a CI
runner): figures and metadata (ids, titles, project paths, agents, models, times, tokens, costs),
and the text of prompts, replies and tool calls only with --publish-text. Only what changed since
the last publish is written; a publish stopped anywhere carries on the next time, counting nothing
twice.

  --team-db URL     the team database (env SESSIONSCOPE_TEAM_DB); the password from the URL,
                    PGPASSWORD or ~/.pgpass, never printed
  --machine NAME    this machine's name in the team view (default: the host name)
  --person NAME     whose sessions these are (default: the OS user name)
  --publish-text    also publish the text of prompts, replies, reasoning, tool input and output
                    and errors (each cut to 32,000 characters, tool output to 16,000, tool input
                    and errors to 8,000), for the team's search (env SESSIONSCOPE_PUBLISH_TEXT=1).
                    Without it, text this machine published before is removed
  --retry-for SECS  how long to keep retrying while the team database is unreachable (default 60)
  ${DATA_OPTIONS_HELP}`;

export const publishCommand: Command = {
  summary: "publish this machine's sessions into a team's PostgreSQL",
  async run(args) {
    const { values } = parseArgs({
      args,
      options: { ...DATA_OPTIONS, 'team-db': { type: 'string' }, machine: { type: 'string' }, person: { type: 'string' }, 'retry-for': { type: 'string' }, 'publish-text': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
      strict: true,
    });
    if (values.help) {
      console.log(HELP);
      return 0;
    }
    const url = teamDbUrl(values['team-db']);
    if (!url) {
      console.error(`sessionscope publish: --team-db URL (or SESSIONSCOPE_TEAM_DB) is required\n\n${HELP}`);
      return 2;
    }
    checkTeamDbUrl(url);
    const retryFor = Number(values['retry-for'] ?? 60);
    if (!Number.isFinite(retryFor) || retryFor < 0) throw new Error('--retry-for must be a number of seconds');
    applyDataOptions(values);
    const identity = machineIdentity(values);
    const publishText = publishesText(values['publish-text']);
    const where = describeTeamDb(url);
    const started = Date.now();
    const history = await openLocalHistory();
    // The text is read from the sources through the readers, which know the sessions once read (a database that was current read nothing yet).
    if (publishText && history.current) await history.store.start();
    const read = !history.current || publishText;
    const team = openPostgresSessionDb(url);
    const bar = progressBar(`publishing to ${where}`);
    let progress = { done: 0, total: 0 };
    try {
      const mirror = history.store.sessionDb;
      if (!mirror?.usable) throw new Error(`this machine's session database cannot be used${mirror?.error ? `: ${mirror.error}` : ''}; nothing was published`);
      const summary = await publish({
        local: mirror.db,
        sourceIds: mirror.sourceIds(),
        team,
        ...identity,
        // Statuses as the dashboard infers them, where this run read the history (a database that was current answers without a read: the statuses published stand).
        ...(read ? { statuses: getSessionStatuses(history.store) } : {}),
        ...(publishText ? { text: storeSessionTexts(history.store) } : {}),
        retryFor: retryFor * 1000,
        onRetry: (error, waitMs) => console.error(`sessionscope publish: ${where}: ${(error as Error).message}; trying again in ${(waitMs / 1000).toFixed(1)} s`),
        onProgress: (done, total) => {
          progress = { done, total };
          bar.update(done, total, 'sessions');
        },
      });
      bar.end();
      console.log(formatSummary(summary, { ...identity, where, ms: Date.now() - started, publishText }));
      return 0;
    } catch (error) {
      bar.end();
      const stopped = progress.total > 0 ? ` after ${progress.done} of ${progress.total} sessions` : '';
      console.error(`sessionscope publish: stopped${stopped}: ${(error as Error).message}. What was written is whole; run it again to carry on (nothing is counted twice).`);
      return 1;
    } finally {
      await team.close().catch(() => undefined);
      history.close();
    }
  },
};
