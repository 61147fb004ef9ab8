// CPU per live append to a long Claude Code transcript, in process: a store over one transcript of
// `--turns` turns (a real session's turns, ~280 KB each, with ids of their own), then the next turns'
// lines appended one at a time, each handed to Store.absorb as the watcher does.
// `node --conditions=react-server --import tsx bench/claude-append.ts --turns 72 [--whole]`
// (`--whole`: the transcript read whole on every change, as before reads went on from a cut).
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openSqliteSessionDb } from '../lib/server/db/sqlite/open-sqlite-session-db';
import { ClaudeCodeReader } from '../lib/server/readers/claude/claude-reader';
import type { ClaudeFileRef } from '../lib/server/readers/claude/claude-files';
import type { FileRead } from '../lib/server/readers/pi/file-index';
import { Store } from '../lib/server/store/store';

const TEMPLATE = path.join(import.meta.dirname, '../test/fixtures/claude-2.1.328/projects/-tmp-sessionscope-fixture-claude-2-1-328-alpha/7f3f2924-2032-4d41-8bca-0792550b64b4.jsonl');
const SESSION = '7f3f2924-2032-4d41-8bca-0792550b64b4';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const IDS = /\b(msg_|req_|toolu_)[A-Za-z0-9]+/g;
const TIMESTAMP = /"timestamp":"([^"]+)"/g;

/** Turn `k`: the template's lines with ids of their own, a minute later per turn, without its cost-state. */
function turn(template: string, k: number): string[] {
  const ids = new Map<string, string>([[SESSION, SESSION]]);
  let n = 0;
  return template
    .split('\n')
    .filter((l) => l && !l.includes('"type":"cost-state"'))
    .map((l) =>
      l
        .replace(UUID, (id) => ids.get(id) ?? (ids.set(id, `${String(k).padStart(8, '0')}-0000-4000-8000-${String(++n).padStart(12, '0')}`), ids.get(id)!))
        .replace(IDS, (id) => `${id}t${k}`)
        .replace(TIMESTAMP, (_all, iso: string) => `"timestamp":"${new Date(Date.parse(iso) + k * 60_000).toISOString()}"`)
        .concat('\n'),
    );
}

class WholeReader extends ClaudeCodeReader {
  protected override readRef(ref: ClaudeFileRef): Promise<FileRead> {
    return this.readWhole(ref);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { turns: { type: 'string', default: '72' }, appends: { type: 'string', default: '46' }, whole: { type: 'boolean', default: false } } });
  const turns = Number(values.turns);
  const template = readFileSync(TEMPLATE, 'utf8');
  const dir = mkdtempSync(path.join(tmpdir(), 'sessionscope-append-'));
  const project = path.join(dir, '-home-dev-long');
  mkdirSync(project);
  const file = path.join(project, `${SESSION}.jsonl`);
  writeFileSync(file, Array.from({ length: turns }, (_, k) => turn(template, k).join('')).join(''));
  const size = readFileSync(file).length;
  const reader = values.whole ? new WholeReader(dir, { readWorkers: false }) : new ClaudeCodeReader(dir, { readWorkers: false });
  const store = new Store([{ reader, priority: 0 }], { sessionDb: openSqliteSessionDb(null) });
  try {
    await store.start();
    const index = store.indexes[0]!;
    const lines = [...turn(template, turns), ...turn(template, turns + 1)].slice(0, Number(values.appends));
    const cpu: number[] = [];
    const wall: number[] = [];
    for (const line of lines) {
      appendFileSync(file, line);
      const before = process.cpuUsage();
      const started = performance.now();
      await store.absorb(index, [file]);
      wall.push(performance.now() - started);
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
    }
    const sorted = [...cpu].sort((a, b) => a - b);
    const median = sorted[sorted.length >> 1] ?? 0;
    const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
    console.log(JSON.stringify({ mode: values.whole ? 'whole' : 'from cut', transcriptMB: Number((size / 1e6).toFixed(1)), appends: cpu.length, cpuMsMedian: Number(median.toFixed(1)), cpuMsMean: Number(mean.toFixed(1)), wallMsMedian: Number([...wall].sort((a, b) => a - b)[wall.length >> 1]!.toFixed(1)) }));
  } finally {
    store.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
