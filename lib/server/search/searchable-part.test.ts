import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { partDocuments, type MessageFacts } from '@/lib/search/session-documents';
import type { SearchDoc } from '@/lib/search/search-types';
import { partsOfRows } from '../readers/opencode/sqlite/sqlite-content';
import type { Row } from '../readers/opencode/sqlite/sqlite-queries';
import { searchablePart } from './searchable-part';

const FIXTURES = path.resolve(import.meta.dirname, '..', '..', '..', 'test', 'fixtures');

/** Every part row of a fixture's database (read from a copy: the fixture is never opened for writing). */
function fixtureRows(name: string): Row[] {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-searchable-'));
  for (const suffix of ['', '-wal', '-shm']) {
    const from = path.join(FIXTURES, name, `opencode.db${suffix}`);
    if (existsSync(from)) copyFileSync(from, path.join(dir, `opencode.db${suffix}`));
  }
  const db = new Database(path.join(dir, 'opencode.db'));
  try {
    return db.prepare('SELECT rowid AS _r, id, message_id, session_id, time_created, data FROM part ORDER BY rowid').all() as Row[];
  } finally {
    db.close();
  }
}

const facts = (role: MessageFacts['role']): MessageFacts => ({ sessionID: '', role, agent: 'build', model: 'anthropic/claude', time: 1 });

/** The documents the reader's path makes of a row (what the live updates and the snippets use). */
function readerDocs(row: Row, f: MessageFacts): SearchDoc[] {
  const docs: SearchDoc[] = [];
  for (const part of partsOfRows([row], 'db', [])) partDocuments(part, { ...f, sessionID: part.sessionID }, docs);
  return docs;
}

function fastDocs(row: Row, f: MessageFacts): SearchDoc[] | undefined {
  const part = searchablePart(row);
  if (part === undefined) return undefined;
  const docs: SearchDoc[] = [];
  if (part) partDocuments(part, { ...f, sessionID: part.sessionID }, docs);
  return docs;
}

const row = (data: unknown, extra: Partial<Row> = {}): Row => ({ id: 'prt_1', message_id: 'msg_1', session_id: 'ses_1', time_created: 1_780_000_000_000, data: JSON.stringify(data), ...extra });

describe('searchablePart', () => {
  it.each(['opencode-1.18.33', 'opencode-1.2.27-merged'])('gives the documents the reader gives, for every part OpenCode %s wrote', (fixture) => {
    const rows = fixtureRows(fixture);
    const kinds = new Set<string>();
    for (const r of rows) {
      const type = (JSON.parse(String(r.data)) as { type: string }).type;
      for (const role of ['user', 'assistant'] as const) {
        const fast = fastDocs(r, facts(role));
        // Text, reasoning and tool parts never need the reader's path: that is the saving.
        if (['text', 'reasoning', 'tool', 'step-start', 'step-finish'].includes(type)) expect(fast, `${fixture} ${String(r.id)}`).toBeDefined();
        if (fast) expect(fast, `${fixture} ${String(r.id)}`).toEqual(readerDocs(r, facts(role)));
        for (const d of fast ?? []) kinds.add(d.kind);
      }
    }
    expect([...kinds].sort()).toEqual(['prompt', 'reasoning', 'reply', 'tool-input', 'tool-output']);
  });

  it('cuts a long output as the snippets do (head and tail), control characters and all', () => {
    const output = `first\u0000words ${'lorem ipsum '.repeat(100_000)} last\u0007words`;
    const r = row({ type: 'tool', callID: 'c', tool: 'bash', state: { status: 'error', input: { command: 'ls', n: 2, deep: { a: [1, true] }, flag: false }, output, error: 'Exit 1', title: 'ls', time: { start: 5 } } });
    const fast = fastDocs(r, facts('assistant'));
    expect(fast).toEqual(readerDocs(r, facts('assistant')));
    expect(fast?.map((d) => d.kind)).toEqual(['tool-input', 'tool-output']);
    expect(fast?.[1]?.body).toMatch(/^first words lorem[\s\S]*…[\s\S]*last words\nExit 1$/);
  });

  it('dates a part as the reader does: its start, its creation, else its row', () => {
    for (const time of [{ start: 7, end: 9 }, { created: 8 }, undefined, {}]) {
      const r = row({ type: 'text', text: 'hello', ...(time ? { time } : {}) });
      expect(fastDocs(r, facts('user'))).toEqual(readerDocs(r, facts('user')));
    }
  });

  it('leaves to the reader what is not of the expected shape (the reader reports it), and skips steps', () => {
    expect(searchablePart(row({ type: 'tool', tool: 'bash', state: { status: 'exploded', input: {} } }))).toBeUndefined();
    expect(searchablePart(row({ type: 'tool', tool: 'bash', state: { status: 'completed', input: [] } }))).toBeUndefined();
    expect(searchablePart(row({ type: 'tool', tool: 'bash', state: { status: 'completed', output: 5 } }))).toBeUndefined();
    expect(searchablePart(row({ type: 'text', text: 'x', time: 'yesterday' }))).toBeUndefined();
    expect(searchablePart({ ...row({}), data: '{"type": "text", "text": ' })).toBeUndefined();
    expect(searchablePart(row({ type: 'patch', hash: 'h', files: ['a.ts'] }))).toBeUndefined();
    expect(searchablePart(row({ type: 'step-finish', reason: 'stop' }))).toBeNull();
    expect(searchablePart(row({ type: 'text', text: 'x' }, { id: '' }))).toBeUndefined();
  });
});
