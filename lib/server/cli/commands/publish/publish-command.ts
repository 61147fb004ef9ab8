import 'server-only';
import { parseArgs } from 'node:util';
import { openPostgresSessionDb } from '../../../db/postgres/postgres-session-db';
import { publish } from '../../../db/publish/publisher';
import type { Command } from '../../commands';
import { applyDataOptions, DATA_OPTIONS, DATA_OPTIONS_HELP } from '../../data-options';
import { openLocalHistory } from '../../local-history';
import { sessionStatuses } from '../../../team/session-statuses';
import { machineIdentity } from '../../../team/machine-identity';
import { progressBar } from '../../progress';
import { checkTeamDbUrl, describeTeamDb, teamDbUrl } from '../../../team/team-db-url';
import { formatSummary } from './format-summary';

const HELP = `Usage: sessionscope publish --team-db postgres://user@host/db [--machine M] [--person P]

Publishes this machine's sessions into a team's PostgreSQL once and exits (for a cron job or a CI
runner): figures and metadata (ids, titles, project paths, agents, models, times, tokens, costs),
never the text of prompts, replies or tool calls. Only what changed since the last publish is
written; a publish stopped anywhere carries on the next time, counting nothing twice.

  --team-db URL     the team database (env SESSIONSCOPE_TEAM_DB); the password from the URL,
                    PGPASSWORD or ~/.pgpass, never printed
  --machine NAME    this machine's name in the team view (default: the host name)
  --person NAME     whose sessions these are (default: the OS user name)
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
    if (values['publish-text']) {
      console.error('sessionscope publish: --publish-text is not available yet: the session database on this machine holds figures and metadata only, no prompt, reply or tool text, so there is no text to publish. Nothing was published.');
      return 2;
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
    const where = describeTeamDb(url);
    const started = Date.now();
    const history = await openLocalHistory();
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
        ...(history.current ? {} : { statuses: sessionStatuses(history.store) }),
        retryFor: retryFor * 1000,
        onRetry: (error, waitMs) => console.error(`sessionscope publish: ${where}: ${(error as Error).message}; trying again in ${(waitMs / 1000).toFixed(1)} s`),
        onProgress: (done, total) => {
          progress = { done, total };
          bar.update(done, total, 'sessions');
        },
      });
      bar.end();
      console.log(formatSummary(summary, { ...identity, where, ms: Date.now() - started }));
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
