// Issue 33's row (`npm run bench -- --report [--corpora DIR,DIR]`): `sessionscope report daily --json`
// (the package's bundled command)
// on an OpenCode history, its first run (everything ingested into the session database) and its
// second (nothing changed: the database answers), beside ccusage's `opencode daily --json` on the
// same file in the same run. Each corpus is a `npm run corpus` folder (its `sqlite/opencode.db`),
// copied first: ccusage's SQLite leaves -wal/-shm files beside a database, never in a shared corpus
// (they are removed from the copy before Sessionscope runs, as issue 26's bench does).
import { cpSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReportJson } from '@/lib/reports/report-json';
import { generateCorpus } from '../scripts/corpus/generate';
import { tempDir } from './lib/cleanup';
import { ms, report } from './lib/figures';
import { bundledCli, runSessionscope } from './lib/run-report';
import { ccusageOpencode, removeSideFiles } from './side-by-side';

async function oneCorpus(corpus: string, launcher: string): Promise<void> {
  const sessions = (JSON.parse(readFileSync(path.join(corpus, 'corpus.json'), 'utf8')) as { sessions: number }).sessions;
  const section = `report daily, ${sessions.toLocaleString('en')} sessions`;
  const work = tempDir(`report-${sessions}`);
  const dir = path.join(work, 'opencode');
  mkdirSync(dir);
  cpSync(path.join(corpus, 'sqlite', 'opencode.db'), path.join(dir, 'opencode.db'));
  const empty = path.join(work, 'empty');
  mkdirSync(empty);
  const home = path.join(work, 'home');
  const env = { HOME: home, XDG_CACHE_HOME: path.join(home, '.cache'), XDG_DATA_HOME: '', XDG_CONFIG_HOME: '' };
  const args = ['report', 'daily', '--json', '--opencode-dir', dir, ...['--omp-dir', '--pi-dir', '--claude-dir', '--codex-dir', '--gemini-dir'].flatMap((flag) => [flag, empty])];
  await ccusageOpencode(dir, path.join(work, 'cc-home'));
  const cc = await ccusageOpencode(dir, path.join(work, 'cc-home'));
  // ccusage leaves -wal/-shm beside the database, as a crashed OpenCode would: the commands' fast
  // path then never holds (the database is read in place on each run), which is not this figure.
  removeSideFiles('sqlite', dir);
  report({ section, name: 'ccusage 20.0.24 opencode daily --json --offline', value: ms(cc.ms), note: `peak RSS ${cc.rssMb.toFixed(0)} MB; total $${cc.cost.toFixed(2)}` });
  const first = await runSessionscope<ReportJson>(launcher, args, env);
  const cost = first.output.totals.recordedCostUSD ?? Number.NaN;
  report({ section, name: 'first run (ingests the history)', value: ms(first.ms), baseline: `ccusage ${ms(cc.ms)}`, ratio: first.ms / cc.ms, note: `peak RSS ${first.rssMb.toFixed(0)} MB; total $${cost.toFixed(2)}` });
  const second = await runSessionscope<ReportJson>(launcher, args, env);
  report({ section, name: 'second run, nothing changed', value: ms(second.ms), baseline: `ccusage ${ms(cc.ms)}`, ratio: second.ms / cc.ms, target: '< 0.5x ccusage', pass: second.ms / cc.ms < 0.5, note: `peak RSS ${second.rssMb.toFixed(0)} MB` });
  if (JSON.stringify(second.output) !== JSON.stringify(first.output)) throw new Error('the second report differs from the first');
  if (Math.abs(cost - cc.cost) > 0.01) console.log(`note: our recorded total $${cost.toFixed(4)}, ccusage's $${cc.cost.toFixed(4)}`);
}

export async function benchReport(options: { corpora?: string[] }): Promise<void> {
  let corpora = options.corpora ?? [];
  if (corpora.length === 0) {
    const out = tempDir('report-corpus');
    if (!existsSync(path.join(out, 'corpus.json'))) generateCorpus({ out, sessions: 2_000, format: 'sqlite' });
    corpora = [out];
  }
  const launcher = await bundledCli();
  for (const corpus of corpora) await oneCorpus(corpus, launcher);
}
