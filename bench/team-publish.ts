// Child of `npm run bench -- --team` (run with --conditions=react-server): simulated machines, each
// a session database of its own, published into one PostgreSQL (Debian's, started here in a temp
// folder, as the tests start it); then the team overview and session list timed on it. Prints one
// JSON line of figures.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { MessageInfo } from '@/lib/model/message';
import type { SessionInfo } from '@/lib/model/session';
import { sharedPrices } from '@/lib/pricing/lookup-price';
import { SessionDbWriter } from '@/lib/server/db/ingest/session-db-writer';
import { openPostgresSessionDb, type PostgresSessionDb } from '@/lib/server/db/postgres/postgres-session-db';
import { publish } from '@/lib/server/db/publish/publisher';
import { teamSessionsPlan } from '@/lib/server/db/queries/team-sessions';
import { teamTextSearchPlan } from '@/lib/server/db/queries/team-text-search';
import { teamStatsPlan } from '@/lib/server/db/queries/team-stats';
import { teamToolsPlan } from '@/lib/server/db/queries/team-tools';
import { openSqliteSessionDb } from '@/lib/server/db/sqlite/open-sqlite-session-db';
import type { SqliteSessionDb } from '@/lib/server/db/sqlite/sqlite-session-db';
import { emptyChangeSet } from '@/lib/server/readers/read-result';
import { statsQuerySchema } from '@/lib/stats/stats-query';
import type { PublishedText } from '@/lib/team/published-text';
import { teamSearchQuerySchema, teamSessionsQuerySchema, teamToolsQuerySchema } from '@/lib/team/team-query';
import { startPostgres } from '../test/support/postgres';

const { values } = parseArgs({ options: { machines: { type: 'string', default: '20' }, sessions: { type: 'string', default: '5000' }, messages: { type: 'string', default: '20' }, parallel: { type: 'string', default: '4' }, text: { type: 'boolean', default: false } } });
const MACHINES = Number(values.machines);
const SESSIONS = Number(values.sessions);
const MESSAGES = Number(values.messages);
const NOW = Date.UTC(2026, 10, 26);
const SPAN = 90 * 86_400_000;
const TOOLS = ['bash', 'read', 'edit', 'grep', 'write', 'task'] as const;
const MODELS = [['anthropic', 'claude-sonnet-4-5'], ['anthropic', 'claude-opus-4-1'], ['openai', 'gpt-5'], ['google', 'gemini-2.5-pro']] as const;
const log = (line: string) => process.stderr.write(`${line}\n`);

const WORDS = ['the', 'flaky', 'test', 'fails', 'when', 'mock', 'clock', 'advances', 'retry', 'timeout', 'build', 'cache', 'module', 'import', 'error', 'config', 'parser', 'token', 'stream', 'reply', 'session', 'database', 'index', 'query', 'migration', 'worker', 'request', 'handler', 'render', 'layout'];
/** `n` characters of words, different for each seed (what a prompt, reply or output reads like to a word index). */
function prose(seed: number, n: number): string {
  const out: string[] = [];
  let length = 0;
  for (let i = 0; length < n; i++) {
    const word = WORDS[(seed * 31 + i * 17 + ((i * i) % 7)) % WORDS.length]!;
    out.push(i % 11 === 10 ? `${word}${seed % 997}.` : word);
    length += word.length + 1;
  }
  return out.join(' ').slice(0, n);
}

/**
 * `--text`: what --publish-text reads of a session, made up as the history is: each prompt ~300
 * characters, each reply ~800, each reply's tool call an input of ~120 and an output of ~3,000.
 */
async function sessionTexts(sessionIDs: readonly string[]): Promise<PublishedText[]> {
  const rows: PublishedText[] = [];
  for (const id of sessionIDs) {
    const [, m, i] = /^m(\d+)-s(\d+)$/.exec(id)!.map(Number) as [number, number, number];
    for (let j = 0; j < MESSAGES; j++) {
      const seed = m * 1_000_003 + i * 101 + j;
      const message_id = `m${m}-s${i}-${j}`;
      if (j % 2 === 0) rows.push({ session_id: id, message_id, part_id: `${message_id}-p`, kind: 'prompt', time: NOW, text: prose(seed, 300), cut: 0 });
      else {
        rows.push({ session_id: id, message_id, part_id: `${message_id}-p`, kind: 'reply', time: NOW, text: prose(seed, 800), cut: 0 });
        rows.push({ session_id: id, message_id, part_id: `${message_id}-t`, kind: 'tool-input', time: NOW, text: `bash\ncommand: npm test -- ${prose(seed + 1, 100)}`, cut: 0 });
        rows.push({ session_id: id, message_id, part_id: `${message_id}-t`, kind: 'tool-output', time: NOW, text: prose(seed + 2, 3_000), cut: 0 });
      }
    }
  }
  return rows;
}

/** One machine's history: SESSIONS sessions of MESSAGES messages (half assistant, each with a tool call), spread over 90 days. */
function machineHistory(m: number): SqliteSessionDb {
  const db = openSqliteSessionDb(null)!;
  const writer = new SessionDbWriter(db);
  const sourceId = writer.sourceId('claude', `/home/dev${m}/.claude/projects`, 0);
  for (let start = 0; start < SESSIONS; start += 500) {
    const changes = emptyChangeSet();
    for (let i = start; i < Math.min(SESSIONS, start + 500); i++) {
      const created = NOW - SPAN + Math.floor(((i * 7919 + m * 104_729) % SESSIONS) * (SPAN / SESSIONS));
      const session: SessionInfo = { id: `m${m}-s${i}`, source: 'claude', projectID: `p${i % 12}`, directory: `/home/dev${m}/work/p${i % 12}`, title: `Session ${i} on machine ${m}`, time: { created, updated: created + MESSAGES * 30_000 }, origin: 'bench', ...(i % 5 === 4 ? { parentID: `m${m}-s${i - 1}` } : {}) };
      changes.sessions.push(session);
      for (let j = 0; j < MESSAGES; j++) {
        const [providerID, modelID] = MODELS[(i + m) % MODELS.length]!;
        const assistant = j % 2 === 1;
        const message: MessageInfo = { id: `m${m}-s${i}-${j}`, sessionID: session.id, role: assistant ? 'assistant' : 'user', time: { created: created + j * 30_000, ...(assistant ? { completed: created + j * 30_000 + 9_000 } : {}) }, ...(assistant ? { providerID, modelID, agent: j % 4 === 1 ? 'build' : 'plan', cost: 0.001 * ((i + j) % 40), tokens: { input: 2_000 + j * 100, output: 300 + (i % 500), reasoning: j % 3 === 0 ? 50 : 0, cacheRead: 10_000 + j * 500, cacheWrite: 1_000 } } : { tokens: { input: 0, output: 0, reasoning: 0, cacheRead: 0, cacheWrite: 0 } }) } as MessageInfo;
        changes.messages.push(message);
        // One tool call per reply (name, outcome, times: what a team's tool panel sums).
        if (assistant) changes.parts.push({ id: `${message.id}-t`, messageID: message.id, sessionID: session.id, type: 'tool', tool: TOOLS[(i + j) % TOOLS.length]!, status: (i + j) % 17 === 0 ? 'error' : 'completed', created: created + j * 30_000 + 1_000, end: created + j * 30_000 + 4_000 });
      }
    }
    writer.apply(sourceId, changes);
  }
  return db;
}

async function timed<T>(runs: number, task: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const times: number[] = [];
  let value: T | undefined;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    value = await task();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, value: value as T };
}

async function main(): Promise<void> {
  const pg = await startPostgres();
  try {
    pg.createDatabase('team');
    const team: PostgresSessionDb = openPostgresSessionDb(pg.url('team'), { max: 8 });
    let generateMs = 0;
    let publishMs = 0;
    let republishMs = 0;
    const started = performance.now();
    // Machines publish `parallel` at a time, as many machines' cron jobs would.
    const queue = Array.from({ length: MACHINES }, (_, m) => m);
    const worker = async () => {
      for (let m = queue.shift(); m !== undefined; m = queue.shift()) {
        const g0 = performance.now();
        const local = machineHistory(m);
        generateMs += performance.now() - g0;
        const p0 = performance.now();
        const text = values.text ? { text: sessionTexts } : {};
        const first = await publish({ local, sourceIds: [1], team, machine: `machine-${m}`, person: `person-${m % 8}`, batchSessions: 200, ...text });
        publishMs += performance.now() - p0;
        const r0 = performance.now();
        const again = await publish({ local, sourceIds: [1], team, machine: `machine-${m}`, person: `person-${m % 8}`, ...text });
        republishMs += performance.now() - r0;
        if (again.written !== 0 || first.written !== SESSIONS) throw new Error(`machine ${m}: wrote ${first.written}, then ${again.written}`);
        local.close();
        log(`machine ${m}: ${first.messages} messages published`);
      }
    };
    await Promise.all(Array.from({ length: Number(values.parallel) }, worker));
    log(`generated in ${(generateMs / 1000).toFixed(0)} s, all done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    await team.pool.query('VACUUM ANALYZE');
    const size = Number((await team.pool.query('select pg_database_size(current_database()) as size')).rows[0].size);
    const counts = (await team.pool.query('select (select count(*) from session) as sessions, (select count(*) from message) as messages, (select count(*) from usage_rollup) as rollups, (select count(*) from part_text) as texts, pg_total_relation_size(\'part_text\') as text_bytes')).rows[0] as Record<string, string>;
    const prices = sharedPrices();
    const from = NOW - 30 * 86_400_000;
    const byPerson = await timed(3, () => team.answer(teamStatsPlan({ stats: statsQuerySchema.parse({ groupBy: 'model', from, to: NOW }), teamGroupBy: 'person' }, prices)));
    const byDay = await timed(3, () => team.answer(teamStatsPlan({ stats: statsQuerySchema.parse({ groupBy: 'day', from, to: NOW, timeZone: 'UTC' }) }, prices)));
    const allTime = await timed(3, () => team.answer(teamStatsPlan({ stats: statsQuerySchema.parse({ groupBy: 'model' }) }, prices)));
    const list = await timed(3, () => team.answer(teamSessionsPlan(teamSessionsQuerySchema.parse({ limit: '100' }))));
    const page5 = await timed(1, async () => {
      let cursor: string | undefined;
      for (let i = 0; i < 5; i++) cursor = (await team.answer(teamSessionsPlan(teamSessionsQuerySchema.parse({ limit: '100', ...(cursor ? { cursor } : {}) })))).nextCursor;
      return cursor;
    });
    const active = await timed(3, () => team.answer(teamSessionsPlan(teamSessionsQuerySchema.parse({ activeSince: String(NOW - 600_000) }))));
    const grouped = await timed(3, () => team.answer(teamSessionsPlan(teamSessionsQuerySchema.parse({ limit: '200', group: 'person' }))));
    const search = await timed(3, () => team.answer(teamSessionsPlan(teamSearchQuerySchema.parse({ q: 'opus 4' }))));
    const tools = await timed(3, () => team.answer(teamToolsPlan(teamToolsQuerySchema.parse({ from: String(from) }))));
    // Two words nearly every made-up passage holds (the worst case: every match is read and sorted), and one only a few hold.
    const textSearch = await timed(3, () => team.answer(teamTextSearchPlan({ q: 'flaky clock', limit: 30 })));
    const rareSearch = await timed(3, () => team.answer(teamTextSearchPlan({ q: `parser${Math.floor(SESSIONS / 3) % 997}`, limit: 30 })));
    await team.close();
    console.log(
      JSON.stringify({
        machines: MACHINES,
        sessions: Number(counts.sessions),
        messages: Number(counts.messages),
        rollups: Number(counts.rollups),
        publishMs,
        republishMs,
        sizeBytes: size,
        byPersonMs: byPerson.ms,
        byPersonGroups: byPerson.value.groups.length,
        byDayMs: byDay.ms,
        allTimeMs: allTime.ms,
        listMs: list.ms,
        fifthPageMs: page5.ms / 5,
        activeMs: active.ms,
        groupedMs: grouped.ms,
        searchMs: search.ms,
        toolsMs: tools.ms,
        texts: Number(counts.texts),
        textBytes: Number(counts.text_bytes),
        textSearchMs: textSearch.ms,
        textSearchTotal: textSearch.value.total,
        rareSearchMs: rareSearch.ms,
        rareSearchTotal: rareSearch.value.total,
        totalCost: allTime.value.total.storedCost,
      }),
    );
  } finally {
    pg.stop();
  }
}

await main();
