// Claude Code at scale (`npm run bench -- --scale --only claude`): ccusage (devDependency, pinned)
// and Sessionscope on one generated year of transcripts (lib/claude-corpus.ts), the first complete
// total at a cold start and at a restart with nothing changed, and the tokens each counted. From
// `--history` (issue 26), also search ready, memory and the cache folder of one more cold start,
// and the restart against that issue's target.
import { appendFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { generateClaudeCorpus } from './lib/claude-corpus';
import { runCcusage } from './lib/ccusage';
import { tempDir } from './lib/cleanup';
import { reportColdMemory } from './lib/cold-memory';
import { median, ms, report, sleep } from './lib/figures';
import { readyAndSearchReady } from './side-by-side';
import { getJson, peakRssMb, startServer, type RunningServer } from './lib/server';

const RUNS = 3;

interface Tokens {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** ccusage's Claude Code daily report as JSON, timed from its spawn; peak RSS from GNU time. */
async function ccusageClaude(configDir: string, home: string): Promise<{ ms: number; rssMb: number; tokens: Tokens }> {
  const run = await runCcusage<{ totals: { inputTokens: number; outputTokens: number; cacheReadTokens: number; cacheCreationTokens: number } }>(['daily', '--json', '--offline'], { HOME: home, CLAUDE_CONFIG_DIR: configDir, XDG_CONFIG_HOME: '', XDG_CACHE_HOME: '' });
  const t = run.output.totals;
  return { ms: run.ms, rssMb: run.rssMb, tokens: { input: t.inputTokens, output: t.outputTokens, cacheRead: t.cacheReadTokens, cacheWrite: t.cacheCreationTokens } };
}

/** Spawn → the first `/api/stats` total marked complete (what the overview shows instead of "counting…"). */
async function firstCompleteTotal(server: RunningServer): Promise<{ ms: number; tokens?: Tokens }> {
  const deadline = performance.now() + 10 * 60_000;
  while (performance.now() < deadline) {
    const r = await getJson<{ total: { tokens: Tokens }; complete: boolean }>(`${server.url}/api/stats`).catch(() => undefined);
    if (r?.status === 200 && r.body.complete) return { ms: performance.now() - server.spawnedAt, tokens: r.body.total.tokens };
    await sleep(25);
  }
  return { ms: Number.NaN };
}

/** Until the store's first read is done (`/api/health`: `index.phase`), at most 10 minutes. */
async function readyIn(server: RunningServer): Promise<void> {
  const deadline = performance.now() + 10 * 60_000;
  while (performance.now() < deadline) {
    const r = await getJson<{ index?: { phase?: string } }>(`${server.url}/api/health`).catch(() => undefined);
    if (r?.status === 200 && r.body.index?.phase === 'ready') return;
    await sleep(250);
  }
}

const sameTokens = (a: Tokens | undefined, b: Tokens): boolean => a !== undefined && a.input === b.input && a.output === b.output && a.cacheRead === b.cacheRead && a.cacheWrite === b.cacheWrite;

/** `history`: issue 26's targets (restart ≤ 0.25x ccusage; search, memory, cache); returns the restart's median. */
export async function benchClaude(options: { sessions: number; corpus?: string; history?: boolean }): Promise<{ restart: number }> {
  const section = 'Claude Code at scale';
  const out = options.corpus ?? tempDir('claude-corpus');
  const corpus = generateClaudeCorpus({ out, sessions: options.sessions, projects: 40, repeat: 2 });
  const work = tempDir('claude-bench');
  const what = `${corpus.files} transcripts, ${(corpus.bytes / 2 ** 20).toFixed(0)} MB`;
  await ccusageClaude(out, path.join(work, 'cc-home'));
  const cc: Awaited<ReturnType<typeof ccusageClaude>>[] = [];
  for (let i = 0; i < RUNS; i++) cc.push(await ccusageClaude(out, path.join(work, 'cc-home')));
  const ccMs = median(cc.map((c) => c.ms));
  const ccTokens = (cc[0] as (typeof cc)[number]).tokens;
  report({ section, name: `ccusage 20.0.24 daily --json --offline (${what})`, value: ms(ccMs), note: `median of ${RUNS}; peak RSS ${Math.max(...cc.map((c) => c.rssMb)).toFixed(0)} MB` });

  const args = ['--claude-dir', corpus.projectsDir];
  const starts = async (label: string, fresh: boolean, target: { text: string; pass: (ratio: number) => boolean }, beforeEach?: () => Promise<void>): Promise<number> => {
    const times: number[] = [];
    let rss = 0;
    let tokens: Tokens | undefined;
    for (let i = 0; i < RUNS; i++) {
      await beforeEach?.();
      const home = path.join(work, fresh ? `home-cold-${i}` : 'home-warm');
      const server = await startServer(path.join(home, 'no-opencode'), home, [], undefined, args);
      try {
        const run = await firstCompleteTotal(server);
        times.push(run.ms);
        tokens = run.tokens;
        rss = Math.max(rss, peakRssMb(server));
      } finally {
        await server.stop();
      }
    }
    const value = median(times);
    report({ section, name: `Sessionscope ${label}: first complete /api/stats total`, value: ms(value), baseline: `ccusage ${ms(ccMs)}`, ratio: value / ccMs, target: target.text, pass: target.pass(value / ccMs), note: `median of ${RUNS} (${times.map((t) => ms(t)).join(', ')}); peak RSS ${rss.toFixed(0)} MB` });
    report({ section, name: `Sessionscope ${label}: the same tokens as ccusage`, value: sameTokens(tokens, ccTokens) ? 'yes' : `no: ${JSON.stringify(tokens)} against ${JSON.stringify(ccTokens)}`, pass: sameTokens(tokens, ccTokens) });
    return value;
  };
  const faster = { text: '< ccusage', pass: (ratio: number) => ratio < 1 };
  await starts('cold', true, faster);
  if (options.history) {
    // One more cold start, left to build its search index: issue 26's search, memory and cache figures.
    const home = path.join(work, 'home-cold-search');
    const server = await startServer(path.join(home, 'no-opencode'), home, [], undefined, args);
    try {
      await firstCompleteTotal(server);
      const { searchReady } = await readyAndSearchReady(server);
      const sized = `${section}, ${corpus.files} transcripts`;
      report({ section: sized, name: 'Sessionscope cold: search ready', value: ms(searchReady), baseline: `ccusage ${ms(ccMs)}`, ratio: searchReady / ccMs, target: '≤ 15x ccusage', pass: searchReady / ccMs <= 15 });
      await reportColdMemory(sized, server, searchReady, { cache: path.join(home, '.cache'), dataBytes: corpus.bytes, ccusageRssMb: Math.max(...cc.map((c) => c.rssMb)) });
    } finally {
      await server.stop();
    }
  }
  // The first warm start writes what a restart reads (its full read's file entries, after the
  // first total: it is left to finish); the runs after it are restarts.
  const primer = await startServer(path.join(work, 'home-warm', 'no-opencode'), path.join(work, 'home-warm'), [], undefined, args);
  await firstCompleteTotal(primer);
  await readyIn(primer);
  await sleep(2_000);
  await primer.stop();
  const restartTarget = options.history ? { text: '≤ 0.25x ccusage', pass: (ratio: number) => ratio <= 0.25 } : faster;
  const restart = await starts('restart, nothing changed', false, restartTarget);
  // 1% of the transcripts written to before each restart (a line appended, as a resumed session
  // would), then left two seconds: the index trusts no file written more recently (RACY_MS).
  const onePercent = transcriptsIn(corpus.projectsDir).filter((_, i) => i % 100 === 0);
  let round = 0;
  await starts(`restart, 1% of transcripts appended (${onePercent.length})`, false, faster, async () => {
    round++;
    for (const file of onePercent) appendFileSync(file, `${JSON.stringify({ type: 'custom-title', customTitle: `resumed ${round}`, sessionId: path.basename(file, '.jsonl') })}\n`);
    await sleep(2_100);
  });
  return { restart };
}

function transcriptsIn(root: string): string[] {
  return (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.jsonl')).map((f) => path.join(root, f)).sort();
}
