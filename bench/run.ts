// Sessionscope benchmarks. `npm run bench` (quick) or `npm run bench -- --scale` (reference corpus).
// Figures are ratios against baselines measured in the same run. Only 127.0.0.1; temp folders and
// child processes are removed at exit, also on failure.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cleanup, installCleanup, keepTempDirs } from './lib/cleanup';
import { markdownTable, rows } from './lib/figures';
import { ensureBuild } from './lib/server';
import { benchClaude } from './claude';
import { benchHistory } from './history';
import { benchHostile } from './hostile';
import { benchPackage } from './package';
import { benchReport } from './report';
import { benchLive, benchStats, benchUpdateCost } from './quick';
import { benchScale } from './scale';
import { benchSearch } from './search';
import { benchSoak } from './soak';
import { benchTeam } from './team';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'boolean', default: false },
      history: { type: 'boolean', default: false },
      report: { type: 'boolean', default: false },
      corpora: { type: 'string' },
      sizes: { type: 'string', default: '5000,20000' },
      'no-claude': { type: 'boolean', default: false },
      package: { type: 'boolean', default: false },
      'reuse-build': { type: 'string' },
      starts: { type: 'string', default: '3' },
      corpus: { type: 'string' },
      sessions: { type: 'string', default: '5000' },
      writes: { type: 'string', default: '200' },
      only: { type: 'string' },
      rebuild: { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      minutes: { type: 'string', default: '5' },
      team: { type: 'boolean', default: false },
      machines: { type: 'string', default: '20' },
      'publish-text': { type: 'boolean', default: false },
      messages: { type: 'string', default: '20' },
    },
    strict: true,
  });
  installCleanup();
  if (values.keep) keepTempDirs();
  console.log(`sessionscope bench: ${values.team ? 'team' : values.package ? 'package' : values.report ? 'report' : values.history ? 'history' : values.scale ? 'scale' : 'quick'}; node ${process.version}, ${os.cpus().length} cpus, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${new Date().toISOString()}`);
  const only = values.only?.split(',');
  const want = (name: string): boolean => !only || only.includes(name);
  if (!values.package && !values.report && !values.team && (want('live') || want('search') || want('soak') || want('hostile') || values.scale || values.history)) ensureBuild(values.rebuild);
  if (values.team) {
    // `--team [--machines 20] [--sessions 5000] [--messages 20] [--publish-text]`: issue 27's figures on one PostgreSQL.
    await benchTeam({ machines: Number(values.machines), sessions: Number(values.sessions), messages: Number(values.messages), text: values['publish-text'] });
  } else if (values.report) {
    // `--report [--corpora DIR,DIR]`: issue 33's row, report daily --json first and second run beside ccusage.
    await benchReport({ corpora: values.corpora?.split(',') });
  } else if (values.history) {
    // `--history [--sizes 5000,20000] [--corpus DIR] [--no-claude]`: issue 26's table, both sizes and both sources, against ccusage.
    await benchHistory({ sizes: values.sizes.split(',').filter(Boolean).map(Number), corpusRoot: values.corpus, claude: !values['no-claude'] });
  } else if (values.package) {
    await benchPackage(values['reuse-build'], Number(values.starts));
  } else if (values.scale && only?.includes('claude')) {
    // `--scale --only claude [--sessions N] [--corpus DIR]`: ccusage and Sessionscope on a generated year of Claude Code (2,000 transcripts unless --sessions says).
    await benchClaude({ sessions: values.sessions === '5000' ? 2000 : Number(values.sessions), corpus: values.corpus });
  } else if (values.scale && only?.includes('search')) {
    // `--scale --only search --corpus DIR`: the search figures on the reference corpus's database.
    if (!values.corpus) throw new Error('--scale --only search needs --corpus DIR (npm run corpus -- --out DIR)');
    await benchSearch({ sessions: Number(values.sessions), writes: 30, dataDir: path.join(values.corpus, 'sqlite'), label: 'reference corpus' });
  } else if (values.scale) {
    await benchScale({
      corpus: values.corpus,
      sessions: Number(values.sessions),
      formats: only?.filter((f): f is 'json' | 'sqlite' => f === 'json' || f === 'sqlite'),
      // `side`: issue 15's table only (floor, ccusage, Sessionscope); `live`: the scale figures only.
      sections: only?.filter((f) => f === 'side' || f === 'live'),
    });
  } else {
    if (want('live')) await benchLive(Number(values.writes));
    if (want('update')) await benchUpdateCost();
    if (want('stats')) await benchStats();
    if (want('search')) await benchSearch({ sessions: 500, writes: 30 });
    // Minutes long: only when named (`--only soak [--minutes N]`).
    if (only?.includes('soak')) await benchSoak(Math.max(2, Number(values.minutes)));
    // A process posing as OpenCode's server, followed for `--minutes N` (10 for issue 28's figure).
    if (only?.includes('hostile')) await benchHostile(Number(values.minutes));
  }
  console.log(`\n${markdownTable()}\n`);
  const missed = rows.filter((r) => r.pass === false).length;
  console.log(missed === 0 ? 'all targets met' : `${missed} target(s) missed`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(cleanup);
