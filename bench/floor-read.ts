// Child process: the floor for cold start. Only reads and parses the records the index needs, the
// plainest way (same folder walk / same rows), and reports when it got there (ms since process start).
import Database from 'better-sqlite3';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

const LIMIT = 64;

async function mapLimit<T>(items: readonly T[], fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(LIMIT, items.length) }, worker));
}

interface Msg {
  id: string;
  sessionID: string;
  created: number;
}

/** The read-and-sum part: stored cost and every token of assistant messages (what `opencode stats` sums). */
const sum = { cost: 0, tokens: 0, assistants: 0 };
interface Usage {
  role?: string;
  cost?: number;
  tokens?: { input?: number; output?: number; reasoning?: number; cache?: { read?: number; write?: number } };
}
function add(m: Usage): void {
  if (m.role !== 'assistant') return;
  sum.assistants++;
  sum.cost += typeof m.cost === 'number' ? m.cost : 0;
  const t = m.tokens;
  sum.tokens += (t?.input ?? 0) + (t?.output ?? 0) + (t?.reasoning ?? 0) + (t?.cache?.read ?? 0) + (t?.cache?.write ?? 0);
}

function tail(messages: Msg[]): string[] {
  const by = new Map<string, Msg[]>();
  for (const m of messages) by.set(m.sessionID, [...(by.get(m.sessionID) ?? []), m]);
  const out: string[] = [];
  for (const list of by.values()) out.push(...list.sort((a, b) => b.created - a.created).slice(0, 2).map((m) => m.id));
  return out;
}

async function jsonFloor(dir: string): Promise<{ records: number; parts: number; recordsAt: number; readyAt: number }> {
  const storage = path.join(dir, 'storage');
  const filesIn = async (folder: string): Promise<string[]> => {
    const names = await readdir(folder).catch(() => [] as string[]);
    return names.filter((n) => n.endsWith('.json')).map((n) => path.join(folder, n));
  };
  const nested = async (top: string): Promise<string[]> => {
    const dirs = await readdir(path.join(storage, top));
    const out: string[][] = [];
    await mapLimit(dirs, async (d) => void out.push(await filesIn(path.join(storage, top, d))));
    return out.flat();
  };
  let records = 0;
  const messages: Msg[] = [];
  for (const file of [...(await filesIn(path.join(storage, 'project'))), ...(await nested('session'))]) {
    JSON.parse(await readFile(file, 'utf8'));
    records++;
  }
  const messageFiles = await nested('message');
  await mapLimit(messageFiles, async (file) => {
    const m = JSON.parse(await readFile(file, 'utf8')) as { id: string; sessionID: string; time: { created: number } } & Usage;
    add(m);
    messages.push({ id: m.id, sessionID: m.sessionID, created: m.time.created });
    records++;
  });
  const recordsAt = performance.now();
  const partFiles: string[] = [];
  await mapLimit(tail(messages), async (id) => void partFiles.push(...(await filesIn(path.join(storage, 'part', id)))));
  await mapLimit(partFiles, async (file) => void JSON.parse(await readFile(file, 'utf8')));
  return { records, parts: partFiles.length, recordsAt, readyAt: performance.now() };
}

function sqliteFloor(dir: string): { records: number; parts: number; recordsAt: number; readyAt: number } {
  const db = new Database(path.join(dir, 'opencode.db'), { readonly: true });
  let records = db.prepare('SELECT * FROM project').all().length + db.prepare('SELECT * FROM session').all().length;
  const messages: Msg[] = [];
  for (const row of db.prepare('SELECT id, session_id, time_created, data FROM message').iterate() as Iterable<{ id: string; session_id: string; time_created: number; data: string }>) {
    add(JSON.parse(row.data) as Usage);
    messages.push({ id: row.id, sessionID: row.session_id, created: row.time_created });
    records++;
  }
  const recordsAt = performance.now();
  const parts = db.prepare('SELECT id, data FROM part WHERE message_id = ?');
  let n = 0;
  for (const id of tail(messages)) {
    for (const row of parts.all(id) as { data: string }[]) {
      JSON.parse(row.data);
      n++;
    }
  }
  db.close();
  return { records, parts: n, recordsAt, readyAt: performance.now() };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { format: { type: 'string' }, dir: { type: 'string' } } });
  const dir = String(values.dir);
  const result = values.format === 'sqlite' ? sqliteFloor(dir) : await jsonFloor(dir);
  console.log(JSON.stringify({ ...result, ...sum }));
}

void main();
