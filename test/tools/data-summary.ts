// Exact totals of an OpenCode data dir, read directly from its stores (to sit
// next to the rounded numbers that `opencode stats` prints).
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SessionInfo {
  id: string;
  projectID: string;
  parentID?: string;
  title: string;
  version: string;
  directory: string;
}

export interface StoreSummary {
  sessions: number;
  messages: number;
  assistantMessages: number;
  /** Sum of assistant `cost` (USD). */
  cost: number;
  input: number;
  output: number;
  reasoning: number;
  cacheRead: number;
  cacheWrite: number;
  parts: Record<string, number>;
  sessionList: SessionInfo[];
}

interface MessageData {
  role?: string;
  cost?: number;
  tokens?: { input?: number; output?: number; reasoning?: number; cache?: { read?: number; write?: number } };
}

interface PartData {
  type?: string;
  state?: { status?: string };
}

function emptySummary(): StoreSummary {
  return {
    sessions: 0,
    messages: 0,
    assistantMessages: 0,
    cost: 0,
    input: 0,
    output: 0,
    reasoning: 0,
    cacheRead: 0,
    cacheWrite: 0,
    parts: {},
    sessionList: [],
  };
}

function addMessage(summary: StoreSummary, message: MessageData): void {
  summary.messages += 1;
  if (message.role !== 'assistant') return;
  summary.assistantMessages += 1;
  summary.cost += message.cost ?? 0;
  summary.input += message.tokens?.input ?? 0;
  summary.output += message.tokens?.output ?? 0;
  summary.reasoning += message.tokens?.reasoning ?? 0;
  summary.cacheRead += message.tokens?.cache?.read ?? 0;
  summary.cacheWrite += message.tokens?.cache?.write ?? 0;
}

function addPart(summary: StoreSummary, part: PartData): void {
  const key = part.type === 'tool' ? `tool:${part.state?.status ?? '?'}` : (part.type ?? '?');
  summary.parts[key] = (summary.parts[key] ?? 0) + 1;
}

function round(summary: StoreSummary): StoreSummary {
  summary.cost = Math.round(summary.cost * 1e9) / 1e9;
  summary.sessionList.sort((a, b) => a.id.localeCompare(b.id));
  summary.parts = Object.fromEntries(Object.entries(summary.parts).sort(([a], [b]) => a.localeCompare(b)));
  return summary;
}

async function listJson(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  return (await readdir(dir)).filter((name) => name.endsWith('.json')).map((name) => join(dir, name));
}

async function subdirs(dir: string): Promise<string[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { withFileTypes: true });
  return entries.filter((e) => e.isDirectory()).map((e) => join(dir, e.name));
}

/** Sums the JSON tree `storage/` (sessions, messages, parts). */
export async function summarizeStorage(storageDir: string): Promise<StoreSummary> {
  const summary = emptySummary();
  for (const projectDir of await subdirs(join(storageDir, 'session'))) {
    for (const file of await listJson(projectDir)) {
      const session = JSON.parse(await readFile(file, 'utf8')) as SessionInfo;
      summary.sessions += 1;
      summary.sessionList.push({
        id: session.id,
        projectID: session.projectID,
        parentID: session.parentID,
        title: session.title,
        version: session.version,
        directory: session.directory,
      });
    }
  }
  for (const sessionDir of await subdirs(join(storageDir, 'message'))) {
    for (const file of await listJson(sessionDir)) addMessage(summary, JSON.parse(await readFile(file, 'utf8')) as MessageData);
  }
  for (const messageDir of await subdirs(join(storageDir, 'part'))) {
    for (const file of await listJson(messageDir)) addPart(summary, JSON.parse(await readFile(file, 'utf8')) as PartData);
  }
  return round(summary);
}

interface SessionRow {
  id: string;
  project_id: string;
  parent_id: string | null;
  title: string;
  version: string;
  directory: string;
}

/** Sums `opencode.db` (opened read-only). */
export function summarizeDatabase(dbPath: string): StoreSummary {
  const summary = emptySummary();
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const sessions = db.prepare('select id, project_id, parent_id, title, version, directory from session').all() as SessionRow[];
    for (const row of sessions) {
      summary.sessions += 1;
      summary.sessionList.push({
        id: row.id,
        projectID: row.project_id,
        parentID: row.parent_id ?? undefined,
        title: row.title,
        version: row.version,
        directory: row.directory,
      });
    }
    for (const row of db.prepare('select data from message').all() as { data: string }[]) {
      addMessage(summary, JSON.parse(row.data) as MessageData);
    }
    for (const row of db.prepare('select data from part').all() as { data: string }[]) {
      addPart(summary, JSON.parse(row.data) as PartData);
    }
  } finally {
    db.close();
  }
  return round(summary);
}

/** Column names of each table in `opencode.db`. */
export function databaseColumns(dbPath: string): Record<string, string[]> {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' order by name").all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        (db.prepare(`select name from pragma_table_info(?)`).all(name) as { name: string }[]).map((c) => c.name),
      ]),
    );
  } finally {
    db.close();
  }
}

export interface DataDirSummary {
  storage?: StoreSummary;
  database?: StoreSummary;
}

/** Summarises whichever stores exist in an OpenCode data root. */
export async function summarizeDataDir(dataDir: string): Promise<DataDirSummary> {
  const result: DataDirSummary = {};
  if (existsSync(join(dataDir, 'storage', 'session'))) result.storage = await summarizeStorage(join(dataDir, 'storage'));
  if (existsSync(join(dataDir, 'opencode.db'))) result.database = summarizeDatabase(join(dataDir, 'opencode.db'));
  return result;
}
