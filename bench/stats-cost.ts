// Child process (run with --conditions=react-server): /api/stats's computation over 100,000
// assistant messages against the floor "read the same rows and sum them". Prints one JSON line.
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { getStats } from '../lib/server/queries/get-stats';
import { SqliteReader } from '../lib/server/readers/opencode/sqlite/sqlite-reader';
import { Store } from '../lib/server/store/store';
import { statsQuerySchema } from '../lib/stats/stats-query';
import { median } from './lib/figures';
import { writeStatsDatabase } from './lib/stats-database';

interface Sum {
  cost: number;
  input: number;
  output: number;
  reasoning: number;
  read: number;
  write: number;
}

/** The floor: read every message row, parse it, sum cost and tokens of the assistant ones. */
function readAndSum(file: string): Sum {
  const db = new Database(file, { readonly: true });
  const sum: Sum = { cost: 0, input: 0, output: 0, reasoning: 0, read: 0, write: 0 };
  for (const data of db.prepare('SELECT data FROM message').pluck().iterate() as Iterable<string>) {
    const m = JSON.parse(data) as { role: string; cost?: number; tokens?: { input: number; output: number; reasoning: number; cache: { read: number; write: number } } };
    if (m.role !== 'assistant' || !m.tokens) continue;
    sum.cost += m.cost ?? 0;
    sum.input += m.tokens.input;
    sum.output += m.tokens.output;
    sum.reasoning += m.tokens.reasoning;
    sum.read += m.tokens.cache.read;
    sum.write += m.tokens.cache.write;
  }
  db.close();
  return sum;
}

function time(fn: () => unknown, reps: number): number {
  const samples: number[] = [];
  for (let i = 0; i < reps; i++) {
    const started = performance.now();
    fn();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { assistant: { type: 'string', default: '100000' }, reps: { type: 'string', default: '7' } } });
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-bench-stats-'));
  try {
    const file = path.join(dir, 'opencode.db');
    const assistant = writeStatsDatabase(file, Number(values.assistant));
    const store = new Store([{ reader: new SqliteReader(file, dir), priority: 10 }]);
    await store.start();
    const reps = Number(values.reps);
    const byDay = statsQuerySchema.parse({ groupBy: 'day' });
    const byModel = statsQuerySchema.parse({ groupBy: 'model' });
    const bySession = statsQuerySchema.parse({ groupBy: 'session', roots: 'true' });
    readAndSum(file);
    getStats(store, byDay);
    const floor = time(() => readAndSum(file), reps);
    // The least a database answer can cost: one unfiltered sum over the session database's messages.
    const sumAll = store.sessionDb.db.connection.prepare("SELECT sum(cost) + sum(input + output) FROM message WHERE role = 'assistant'").pluck();
    const plainSum = time(() => sumAll.get(), reps);
    // Answers are kept until the store changes: each timed call follows a change, as after a live write.
    const afterChange = (query: typeof byDay) => () => {
      store.events.emit([], ['health']);
      return getStats(store, query);
    };
    const day = time(afterChange(byDay), reps);
    const model = time(afterChange(byModel), reps);
    const session = time(afterChange(bySession), reps);
    store.stop();
    console.log(JSON.stringify({ assistant, floor, plainSum, day, model, session }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
