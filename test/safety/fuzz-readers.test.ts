import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ClaudeCodeReader } from '@/lib/server/readers/claude/claude-reader';
import { JsonTreeReader } from '@/lib/server/readers/opencode/json/json-tree-reader';
import { SqliteReader } from '@/lib/server/readers/opencode/sqlite/sqlite-reader';
import { PiSessionReader } from '@/lib/server/readers/pi/pi-reader';
import type { ChangeSet, ReadIssue, SourceReader } from '@/lib/server/readers/read-result';
import { ScannedTables } from '@/lib/server/readers/opencode/sqlite/file-scan/scanned-tables';
import { loopOverflowChains } from '../support/loop-overflow';
import { createOpencodeDb, insertMessage, insertSession, upsertPart } from '../support/sqlite-builder';
import { TreeBuilder } from '../support/tree-builder';
import { FIXTURES } from './support/fixture-copies';
import { readSourceAsUnprivileged } from './support/run-reader-unprivileged';

const temps: string[] = [];
const tempDir = (prefix = 'fuzz'): string => {
  const dir = mkdtempSync(path.join(os.tmpdir(), `sessionscope-${prefix}-`));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** Every issue names where and why. */
function expectWellFormedIssues(issues: readonly ReadIssue[]): void {
  for (const issue of issues) {
    expect(typeof issue.path).toBe('string');
    expect(issue.path.length).toBeGreaterThan(0);
    expect(typeof issue.reason).toBe('string');
    expect(issue.reason.length).toBeGreaterThan(0);
  }
}

const issueAt = (changes: { issues: readonly ReadIssue[] }, file: string): ReadIssue | undefined => changes.issues.find((i) => i.path === file);

// ---------------------------------------------------------------------------------------------
// Malformed inputs

/** Bytes that can never be JSON: they start with NUL, a control byte or invalid UTF-8. */
const corruptBytes = fc
  .tuple(fc.constantFrom(0x00, 0x01, 0xff, 0xfe, 0x80, 0xc3), fc.uint8Array({ maxLength: 400 }))
  .map(([first, rest]) => Buffer.concat([Buffer.from([first]), Buffer.from(rest)]));

const nonString = fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }));
const nonNumber = fc.oneof(fc.string({ maxLength: 10 }), fc.boolean(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 }), fc.constant({}));

/** JSON that is no record: anything but an object with an id. */
const notARecord = fc.jsonValue({ maxDepth: 3 }).filter((v) => !(typeof v === 'object' && v !== null && !Array.isArray(v) && 'id' in v));

type Bad = { kind: 'truncated'; cut: number } | { kind: 'bytes'; bytes: Buffer } | { kind: 'wrong-type'; field: string; value: unknown } | { kind: 'not-a-record'; value: unknown };

const badRecord: fc.Arbitrary<Bad> = fc.oneof(
  fc.nat({ max: 10_000 }).map((cut) => ({ kind: 'truncated' as const, cut })),
  corruptBytes.map((bytes) => ({ kind: 'bytes' as const, bytes })),
  fc.oneof(
    nonString.map((value) => ({ kind: 'wrong-type' as const, field: 'title', value })),
    nonString.map((value) => ({ kind: 'wrong-type' as const, field: 'id', value })),
    nonNumber.map((value) => ({ kind: 'wrong-type' as const, field: 'time.created', value })),
  ),
  notARecord.map((value) => ({ kind: 'not-a-record' as const, value })),
);

/** The bytes of a bad version of `record` (guaranteed unreadable or invalid). */
function spoil(record: Record<string, unknown>, bad: Bad, wrongTypeField: (field: string) => string): Buffer | string {
  const text = JSON.stringify(record);
  switch (bad.kind) {
    case 'truncated':
      return text.slice(0, bad.cut % text.length);
    case 'bytes':
      return bad.bytes;
    case 'not-a-record':
      return JSON.stringify(bad.value);
    case 'wrong-type': {
      const copy = structuredClone(record) as Record<string, unknown>;
      const field = wrongTypeField(bad.field);
      if (field === 'time.created') copy.time = { ...(copy.time as object), created: bad.value };
      else copy[field] = bad.value;
      return JSON.stringify(copy);
    }
  }
}

// ---------------------------------------------------------------------------------------------

describe('fuzz: OpenCode JSON tree reader', () => {
  const GOOD = ['ses_good1', 'ses_good2', 'ses_good3'];

  function goodTree(): TreeBuilder {
    const t = new TreeBuilder(path.join(tempDir('tree'), 'data'));
    t.project('proj1');
    for (const id of GOOD) {
      t.session('proj1', id);
      t.message(id, `msg_${id}_u`);
      t.assistant(id, `msg_${id}_a`, `msg_${id}_u`);
      t.part(id, `msg_${id}_a`, `prt_${id}_t`, { type: 'text', text: 'fine' });
    }
    return t;
  }

  it('survives thousands of malformed records: none throws, each is an issue with its path, valid records stay', { timeout: 120_000 }, async () => {
    let inputs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.constantFrom('session', 'message', 'part'), badRecord), { minLength: 1, maxLength: 14 }),
        fc.array(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 3 }),
        async (bads, unknownTypes) => {
          const t = goodTree();
          const expected: { file: string; session: string }[] = [];
          bads.forEach(([folder, bad], i) => {
            const session = GOOD[i % GOOD.length] ?? 'ses_good1';
            const sid = `ses_bad${i}`;
            if (folder === 'session') {
              const record = { id: sid, projectID: 'proj1', directory: '/work/proj1', title: 't', time: { created: 1_780_000_000_000 } };
              expected.push({ file: t.write(`session/proj1/${sid}.json`, spoil(record, bad, (f) => f) as string), session });
            } else if (folder === 'message') {
              const record = { id: `msg_bad${i}`, sessionID: session, role: 'user', time: { created: 1_780_000_000_500 } };
              expected.push({ file: t.write(`message/${session}/msg_bad${i}.json`, spoil(record, bad, (f) => (f === 'title' ? 'role' : f)) as string), session });
            } else {
              const record = { id: `prt_bad${i}`, sessionID: session, messageID: `msg_${session}_a`, type: 'tool', tool: 'bash', state: { status: 'completed' } };
              expected.push({ file: t.write(`part/msg_${session}_a/prt_bad${i}.json`, spoil(record, bad, (f) => (f === 'id' ? 'id' : 'state')) as string), session });
            }
          });
          unknownTypes.forEach((type, i) => t.part('ses_good1', 'msg_ses_good1_a', `prt_unknown${i}`, { type: `x-${type}`, payload: { nested: [1, 2] } }));
          inputs += bads.length + unknownTypes.length;

          const reader = new JsonTreeReader(t.dataDir);
          const all = await reader.readAll();
          expectWellFormedIssues(all.issues);
          expect(all.sessions.map((s) => s.id).sort()).toEqual(GOOD);
          expect(all.messages.filter((m) => m.id.startsWith('msg_ses_good')).length).toBe(GOOD.length * 2);
          for (const { file } of expected.filter((e) => !e.file.includes('/part/'))) expect(issueAt(all, file)?.reason, file).toBeTruthy();

          const changed = await reader.readChanged(expected.map((e) => e.file));
          expectWellFormedIssues(changed.issues);
          for (const { file } of expected) expect(issueAt(changed, file)?.reason, file).toBeTruthy();

          for (const id of GOOD) {
            const content = await reader.loadContent(id);
            expectWellFormedIssues(content?.issues ?? []);
            expect(content?.parts.some((p) => p.id === `prt_${id}_t`)).toBe(true);
            for (const { file } of expected.filter((e) => e.session === id && e.file.includes('/part/'))) expect(issueAt(content ?? { issues: [] }, file)?.reason, file).toBeTruthy();
          }
          const unknown = (await reader.loadContent('ses_good1'))?.parts.filter((p) => p.id.startsWith('prt_unknown')) ?? [];
          expect(unknown.length).toBe(unknownTypes.length);
          for (const part of unknown) expect(part.type).toBe('unknown');
          rmSync(path.dirname(t.dataDir), { recursive: true, force: true });
        },
      ),
      { numRuns: 160 },
    );
    expect(inputs).toBeGreaterThan(1_000);
  });

  it('reads huge strings (a few MB) and reports 10,000-level nesting without a crash', async () => {
    const t = goodTree();
    const huge = 'x'.repeat(4 * 1024 * 1024);
    t.session('proj1', 'ses_huge', { title: huge.slice(0, 3 * 1024 * 1024) });
    t.part('ses_good1', 'msg_ses_good1_a', 'prt_huge', { type: 'text', text: huge });
    const deep = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const deepArray = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const deepSession = t.write('session/proj1/ses_deep.json', deep);
    const deepMessage = t.write('message/ses_good2/msg_deep.json', deepArray);
    const deepInside = t.write('part/msg_ses_good2_a/prt_deep.json', `{"id":"prt_deep","sessionID":"ses_good2","messageID":"msg_ses_good2_a","type":"tool","tool":"x","state":{"status":"completed","input":${deep}}}`);
    const reader = new JsonTreeReader(t.dataDir);
    const all = await reader.readAll();
    expect(all.sessions.map((s) => s.id).sort()).toEqual([...GOOD, 'ses_huge'].sort());
    expect(all.sessions.find((s) => s.id === 'ses_huge')?.title.length).toBe(3 * 1024 * 1024);
    expect(issueAt(all, deepSession)?.reason).toBeTruthy();
    expect(issueAt(all, deepMessage)?.reason).toBeTruthy();
    const content = await reader.loadContent('ses_good1');
    expect(content?.parts.find((p) => p.id === 'prt_huge')).toMatchObject({ type: 'text' });
    const second = await reader.loadContent('ses_good2');
    expectWellFormedIssues(second?.issues ?? []);
    // A deep tool input is either kept or reported, never fatal.
    expect(Boolean(second?.parts.some((p) => p.id === 'prt_deep')) || Boolean(issueAt(second ?? { issues: [] }, deepInside))).toBe(true);
  });

  it('never opens a FIFO, device, giant or outside file at any record position, lists each with a reason, and reads the rest', { timeout: 120_000 }, async () => {
    const outside = path.join(tempDir('outside'), 'secret.json');
    writeFileSync(outside, '{"id":"ses_outside","projectID":"proj1","title":"root:x:0:0 OUTSIDE"}');
    const kinds = ['fifo', 'dev-zero', 'outside', 'giant', 'deep'] as const;
    const places = ['session/proj1/ses_x.json', 'message/ses_good1/msg_x.json', 'part/msg_ses_good2_a/prt_x.json', 'todo/ses_good3.json', 'session_diff/ses_good1.json'];
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.tuple(fc.constantFrom(...places), fc.constantFrom(...kinds)), { minLength: 1, maxLength: 5, selector: ([place]) => place }), async (cases) => {
        const t = goodTree();
        const files = cases.map(([place, kind]) => {
          const file = path.join(t.storage, place);
          mkdirSync(path.dirname(file), { recursive: true });
          if (kind === 'fifo') execFileSync('mkfifo', [file]);
          else if (kind === 'dev-zero') symlinkSync('/dev/zero', file);
          else if (kind === 'outside') symlinkSync(outside, file);
          else if (kind === 'giant') {
            writeFileSync(file, '');
            truncateSync(file, 1.5 * 1024 ** 3);
          } else writeFileSync(file, `${'['.repeat(5_000)}${']'.repeat(5_000)}`);
          return file;
        });
        const reader = new JsonTreeReader(t.dataDir);
        const all = await reader.readAll();
        const changed = await reader.readChanged(files);
        const contents = await Promise.all(GOOD.map((id) => reader.loadContent(id)));
        const issues = [...all.issues, ...changed.issues, ...contents.flatMap((c) => c?.issues ?? [])];
        expectWellFormedIssues(issues);
        expect(all.sessions.map((s) => s.id).sort()).toEqual(GOOD);
        for (const file of files.filter((f) => !f.includes('/todo/') && !f.includes('/session_diff/'))) expect(issues.some((i) => i.path === file), file).toBe(true);
        for (const file of files.filter((f) => f.includes('/todo/') || f.includes('/session_diff/'))) expect(contents.flatMap((c) => c?.issues ?? []).some((i) => i.path === file), file).toBe(true);
        expect(JSON.stringify({ all, contents })).not.toContain('root:x:0:0');
        runs++;
      }),
      { numRuns: 25 },
    );
    expect(runs).toBe(25);
  });

  it('ignores symlink loops in the storage tree and reports a self-referencing file', async () => {
    const t = goodTree();
    symlinkSync(path.join(t.storage, 'session'), path.join(t.storage, 'session', 'loop'));
    symlinkSync(path.join(t.storage, 'message'), path.join(t.storage, 'message', 'ses_good1', 'loop'));
    const selfLink = path.join(t.storage, 'message', 'ses_good1', 'msg_self.json');
    symlinkSync(selfLink, selfLink);
    const reader = new JsonTreeReader(t.dataDir);
    const all = await reader.readAll();
    expect(all.sessions.map((s) => s.id).sort()).toEqual(GOOD);
    expectWellFormedIssues(all.issues);
    const changed = await reader.readChanged([selfLink, path.join(t.storage, 'session', 'loop', 'loop', 'loop', 'ses_good1.json')]);
    expect(issueAt(changed, selfLink)?.reason).toMatch(/ELOOP/);
    await expect(reader.loadContent('ses_good1')).resolves.toBeDefined();
  });

  it('survives files and folders vanishing while it lists and reads them', async () => {
    for (let round = 0; round < 5; round++) {
      const t = goodTree();
      const doomed: string[] = [];
      for (let i = 0; i < 300; i++) {
        doomed.push(t.session('proj1', `ses_doomed${i}`));
        doomed.push(t.message(`ses_doomed${i}`, `msg_doomed${i}`));
      }
      const reader = new JsonTreeReader(t.dataDir);
      let stop = false;
      const deleter = (async () => {
        for (const file of doomed) {
          if (stop) break;
          rmSync(file, { force: true });
          if (file.includes(`${path.sep}message${path.sep}`) && doomed.indexOf(file) % 20 === 1) rmSync(path.dirname(file), { recursive: true, force: true });
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const all = await reader.readAll();
      const changed = await reader.readChanged(doomed);
      stop = true;
      await deleter;
      for (const changes of [all, changed]) {
        expectWellFormedIssues(changes.issues);
        for (const id of GOOD) expect(changes === all ? all.sessions.some((s) => s.id === id) : true).toBe(true);
      }
      // Everything read was whole: vanished files are removals, not garbage.
      for (const s of [...all.sessions, ...changed.sessions]) expect(s.title).toBe(`Session ${s.id}`);
    }
  });

  it('reports permission-denied files and folders (as an unprivileged user) and reads the rest', async () => {
    const t = goodTree();
    const lockedFile = t.session('proj1', 'ses_lockedfile');
    t.session('proj2', 'ses_lockeddir');
    const lockedDir = path.join(t.storage, 'session', 'proj2');
    const lockedMessages = path.join(t.storage, 'message', 'ses_good3');
    chmodSync(lockedFile, 0o000);
    chmodSync(lockedDir, 0o000);
    chmodSync(lockedMessages, 0o000);
    try {
      const result = await readSourceAsUnprivileged('opencode-json', t.dataDir);
      expect(result.threw).toBeUndefined();
      expect(result.sessions.sort()).toEqual(GOOD);
      for (const p of [lockedFile, lockedDir, lockedMessages]) expect(result.issues.find((i) => i.path === p)?.reason, p).toMatch(/EACCES/);
    } finally {
      for (const p of [lockedFile, lockedDir, lockedMessages]) chmodSync(p, 0o755);
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('fuzz: OpenCode SQLite reader', () => {
  /** A row's `data` that is never a usable record: not JSON, or JSON but not an object. */
  const badData = fc.oneof(
    fc.string({ maxLength: 60 }).filter((s) => !isJson(s) || typeof JSON.parse(s) !== 'object' || JSON.parse(s) === null || Array.isArray(JSON.parse(s))),
    fc.nat({ max: 200 }).map((cut) => '{"role":"user","time":{"created":1780000000000},"agent":"build"}'.slice(0, cut % 60)),
    corruptBytes.map((b) => b.toString('latin1')),
    fc.jsonValue({ maxDepth: 2 }).filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)).map((v) => JSON.stringify(v)),
  );
  const badRole = fc.string({ maxLength: 8 }).filter((r) => r !== 'user' && r !== 'assistant');

  it('skips rows with wrong JSON, names each, and returns the rows next to them', async () => {
    let inputs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(badData, { minLength: 1, maxLength: 10 }), fc.array(badRole, { maxLength: 3 }), fc.array(badData, { maxLength: 6 }), async (messages, roles, parts) => {
        const { dataDir, dbPath, db } = createOpencodeDb();
        temps.push(dataDir);
        insertSession(db, 'ses_ok');
        insertMessage(db, 'ses_ok', 'msg_ok_u', { role: 'user', agent: 'build' });
        insertMessage(db, 'ses_ok', 'msg_ok_a', { role: 'assistant', parentID: 'msg_ok_u', modelID: 'm', providerID: 'p', time: { created: 1_780_000_002_000 } }, 1_780_000_002_000);
        upsertPart(db, 'ses_ok', 'msg_ok_a', 'prt_ok', { type: 'text', text: 'ok' }, 1_780_000_002_100);
        const insert = db.prepare('INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)');
        messages.forEach((data, i) => insert.run(`msg_bad${i}`, 'ses_ok', 1_780_000_001_500 + i, 1_780_000_001_500 + i, data));
        roles.forEach((role, i) => insertMessage(db, 'ses_ok', `msg_role${i}`, { role }));
        const insertPart = db.prepare('INSERT INTO part (id, message_id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?, ?)');
        parts.forEach((data, i) => insertPart.run(`prt_bad${i}`, 'msg_ok_a', 'ses_ok', 1_780_000_002_200 + i, 1_780_000_002_200 + i, data));
        db.close();
        inputs += messages.length + roles.length + parts.length;

        const reader = new SqliteReader(dbPath, dataDir);
        try {
          const all = await reader.readAll();
          expectWellFormedIssues(all.issues);
          expect(all.sessions.map((s) => s.id)).toEqual(['ses_ok']);
          expect(all.messages.map((m) => m.id).sort()).toEqual(['msg_ok_a', 'msg_ok_u']);
          for (let i = 0; i < messages.length; i++) expect(issueAt(all, `${dbPath}#message/msg_bad${i}`)?.reason).toBeTruthy();
          for (let i = 0; i < roles.length; i++) expect(issueAt(all, `${dbPath}#message/msg_role${i}`)?.kind).toBe('schema');
          const content = await reader.loadContent('ses_ok');
          expect(content?.parts.map((p) => p.id)).toEqual(['prt_ok']);
          for (let i = 0; i < parts.length; i++) expect(issueAt(content ?? { issues: [] }, `${dbPath}#part/prt_bad${i}`)?.reason).toBeTruthy();
          expectWellFormedIssues((await reader.readChanged([dbPath])).issues);
        } finally {
          reader.close();
          rmSync(dataDir, { recursive: true, force: true });
        }
      }),
      { numRuns: 100 },
    );
    expect(inputs).toBeGreaterThan(500);
  });

  it('never throws on a database with corrupt pages (random bytes flipped)', async () => {
    const { dataDir: templateDir, dbPath: template, db } = createOpencodeDb({ wal: false });
    temps.push(templateDir);
    db.transaction(() => {
      for (let s = 0; s < 20; s++) {
        insertSession(db, `ses_${s}`);
        for (let m = 0; m < 4; m++) {
          insertMessage(db, `ses_${s}`, `msg_${s}_${m}`, { role: m % 2 ? 'assistant' : 'user', agent: 'build', text: 'y'.repeat(300) });
          upsertPart(db, `ses_${s}`, `msg_${s}_${m}`, `prt_${s}_${m}`, { type: 'text', text: 'z'.repeat(500) }, 1_780_000_003_000);
        }
      }
    })();
    db.close();
    const size = readFileSync(template).length;
    let withIssues = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat({ max: size - 1 }), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 40 }), async (flips) => {
        const dir = tempDir('corrupt');
        const dbPath = path.join(dir, 'opencode.db');
        copyFileSync(template, dbPath);
        const bytes = readFileSync(dbPath);
        for (const [offset, xor] of flips) bytes[offset] = (bytes[offset] ?? 0) ^ xor;
        writeFileSync(dbPath, bytes);
        const reader = new SqliteReader(dbPath, dir);
        try {
          const all = await reader.readAll();
          expectWellFormedIssues(all.issues);
          if (all.issues.length > 0) withIssues++;
          expectWellFormedIssues((await reader.readChanged([dbPath])).issues);
          for (const s of all.sessions.slice(0, 2)) expectWellFormedIssues((await reader.loadContent(s.id))?.issues ?? []);
        } finally {
          reader.close();
          rmSync(dir, { recursive: true, force: true });
        }
        expect(readdirSync(path.dirname(dir)).includes(path.basename(dir))).toBe(false);
      }),
      // Found by this test: a corrupt page under one session's parts made loadContent throw.
      { numRuns: 80, examples: [[[[49_112, 80]]], [[[49_092, 80], [24, 1]]]] },
    );
    expect(withIssues).toBeGreaterThan(0);
  });

  it('finds a looping page graph (overflow chains of many cells sharing one looping page) at once: listed as corrupt, no garbage row kept', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 300 }), fc.integer({ min: 4_500, max: 20_000 }), fc.nat(), fc.constantFrom('session', 'message'), async (rows, size, pick, table) => {
        const { dataDir, dbPath, db } = createOpencodeDb({ wal: false });
        temps.push(dataDir);
        db.transaction(() => {
          for (let s = 0; s < rows; s++) {
            insertSession(db, `ses_${s}`, { title: table === 'session' ? 'T'.repeat(size) : `s${s}` });
            insertMessage(db, `ses_${s}`, `msg_${s}`, { role: 'user', agent: 'build', text: table === 'message' ? 'M'.repeat(size) : 'm' });
          }
        })();
        db.close();
        expect(loopOverflowChains(dbPath, table, pick)).toBe(rows);
        // The direct read stops at the first page it would read a second time.
        expect(() => {
          const scan = new ScannedTables(dbPath);
          try {
            scan.sessions();
            for (const chunk of scan.messages(1_000)) void chunk;
          } finally {
            scan.close();
          }
        }).toThrow(/reached twice \(corrupt file\)/);
        const reader = new SqliteReader(dbPath, dataDir);
        try {
          const all = await reader.readAll();
          expect(all.issues.some((i) => i.path === dbPath && /corrupt database, not read/.test(i.reason))).toBe(true);
          expect(all.sessions.filter((s) => /^T+$/.test(s.title) && s.title.length !== size)).toEqual([]);
          expect(all.messages).toEqual([]);
        } finally {
          reader.close();
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);

  it('reads past a writer holding an EXCLUSIVE transaction, and reports a database locked exclusively', async () => {
    // WAL, like OpenCode: BEGIN EXCLUSIVE does not block readers.
    const { dataDir, dbPath, db } = createOpencodeDb();
    temps.push(dataDir);
    insertSession(db, 'ses_1');
    db.exec('BEGIN EXCLUSIVE');
    insertSession(db, 'ses_uncommitted');
    const reader = new SqliteReader(dbPath, dataDir);
    const all = await reader.readAll();
    expect(all.sessions.map((s) => s.id)).toEqual(['ses_1']);
    expect(all.issues).toEqual([]);
    db.exec('COMMIT');
    reader.close();

    // locking_mode=EXCLUSIVE keeps every other connection out: an issue, not a crash.
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    insertSession(db, 'ses_2');
    db.exec('COMMIT');
    const blocked = new SqliteReader(dbPath, dataDir);
    const started = Date.now();
    const changes = await blocked.readAll();
    expectWellFormedIssues(changes.issues);
    expect(changes.sessions.length > 0 || changes.issues.some((i) => i.kind === 'database' && i.path === dbPath)).toBe(true);
    expect(Date.now() - started).toBeLessThan(15_000);
    blocked.close();
    db.close();

    // Rollback journal with a pending exclusive write: the reader works on a copy.
    const legacy = createOpencodeDb({ wal: false });
    temps.push(legacy.dataDir);
    insertSession(legacy.db, 'ses_a');
    legacy.db.exec('BEGIN EXCLUSIVE');
    insertSession(legacy.db, 'ses_b');
    const third = new SqliteReader(legacy.dbPath, legacy.dataDir);
    const read = await third.readAll();
    expectWellFormedIssues(read.issues);
    expect(read.sessions.map((s) => s.id)).toContain('ses_a');
    third.close();
    legacy.db.exec('ROLLBACK');
    legacy.db.close();
  });
});

// ---------------------------------------------------------------------------------------------

/** Lines that are never JSON (and never blank): truncated records, NUL bytes, invalid UTF-8, junk. */
function badLine(sample: string): fc.Arbitrary<Buffer> {
  return fc
    .oneof(
      fc.nat({ max: 100_000 }).map((cut) => Buffer.from(sample.slice(0, 1 + (cut % Math.max(1, sample.length - 1))))),
      corruptBytes,
      fc.string({ minLength: 1, maxLength: 80 }).map((s) => Buffer.from(`{${s}`)),
      fc.string({ minLength: 1, maxLength: 80 }).map((s) => Buffer.from(s)),
    )
    .map((b) => Buffer.from(b.toString('utf8').replace(/[\n\r]/g, ' ').replace(/\u2028|\u2029/g, ' ')))
    .filter((b) => {
      const text = b.toString('utf8').trim();
      return text !== '' && !isJson(text);
    });
}

function jsonlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => path.join(dir, name));
}

const jsonlSources: { name: string; fixture: string; make: (root: string) => SourceReader; firstBodyLine: number }[] = [
  { name: 'pi', fixture: path.join(FIXTURES, 'pi', 'sessions'), make: (root) => new PiSessionReader('pi', root), firstBodyLine: 2 },
  { name: 'claude', fixture: path.join(FIXTURES, 'claude', 'projects'), make: (root) => new ClaudeCodeReader(root), firstBodyLine: 1 },
];

describe.each(jsonlSources)('fuzz: $name reader (JSONL)', ({ fixture, make, firstBodyLine }) => {
  const summarise = (changes: ChangeSet) => ({
    sessions: changes.sessions.map((s) => s.id).sort(),
    messages: changes.messages.length,
  });

  it('reports each malformed line with its file and line number, and keeps every valid record', async () => {
    const pristine = path.join(tempDir('jsonl'), 'root');
    cpSync(fixture, pristine, { recursive: true });
    const baseline = summarise(await make(pristine).readAll());
    expect(baseline.sessions.length).toBeGreaterThan(0);
    const files = jsonlFiles(pristine).map((f) => path.relative(pristine, f));
    const samples = files.map((f) => readFileSync(path.join(pristine, f), 'utf8').split('\n')[firstBodyLine] ?? '{"x":1}');
    let inputs = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: files.length - 1 }).chain((fileIndex) =>
          fc.tuple(fc.constant(fileIndex), fc.array(fc.tuple(fc.nat({ max: 1_000 }), badLine(samples[fileIndex] ?? '{}')), { minLength: 1, maxLength: 12 })),
        ),
        async ([fileIndex, inserts]) => {
          const root = path.join(tempDir('jsonl'), 'root');
          cpSync(pristine, root, { recursive: true });
          const file = path.join(root, files[fileIndex] ?? '');
          const lines = readFileSync(file).toString('utf8').split('\n');
          const trailing = lines.at(-1) === '' ? lines.pop() : undefined;
          const body: (string | Buffer)[] = lines;
          for (const [at, line] of inserts) body.splice(firstBodyLine + (at % (body.length - firstBodyLine + 1)), 0, line);
          const badLines = body.flatMap((line, i) => (Buffer.isBuffer(line) ? [i + 1] : []));
          const bytes = Buffer.concat(body.flatMap((line) => [Buffer.isBuffer(line) ? line : Buffer.from(line), Buffer.from('\n')]));
          writeFileSync(file, trailing === undefined ? bytes.subarray(0, bytes.length - 1) : bytes);
          inputs += inserts.length;

          const reader = make(root);
          const pathed = (changes: ChangeSet) => ({ ...summarise(changes), sessions: summarise(changes).sessions });
          const all = await reader.readAll();
          expectWellFormedIssues(all.issues);
          expect(pathed(all)).toEqual(baseline);
          const reasons = all.issues.filter((i) => i.path === file).map((i) => i.reason);
          for (const line of badLines) expect(reasons.some((r) => r.startsWith(`line ${line}:`)), `line ${line} of ${file}: ${reasons.join(' | ')}`).toBe(true);
          const changed = await reader.readChanged([file]);
          expectWellFormedIssues(changed.issues);
          for (const id of baseline.sessions) {
            const content = await reader.loadContent(id);
            if (content) expectWellFormedIssues(content.issues);
          }
          rmSync(path.dirname(root), { recursive: true, force: true });
        },
      ),
      { numRuns: 80 },
    );
    expect(inputs).toBeGreaterThan(300);
  });

  it('survives whole files of garbage, empty files, unreadable files and folders where files belong', async () => {
    const root = path.join(tempDir('jsonl'), 'root');
    cpSync(fixture, root, { recursive: true });
    const baseline = summarise(await make(root).readAll());
    const project = path.dirname(jsonlFiles(root)[0] ?? root);
    writeFileSync(path.join(project, '2026-01-01T00-00-00-000Z_garbage.jsonl'), Buffer.from([0, 0xff, 0xfe, 10, 0xc3, 0x28, 10]));
    writeFileSync(path.join(project, '2026-01-01T00-00-01-000Z_empty.jsonl'), '');
    writeFileSync(path.join(project, 'deadbeef-0000-4000-8000-000000000000.jsonl'), `${'['.repeat(10_000)}\n`);
    mkdirSync(path.join(project, '2026-01-01T00-00-02-000Z_folder.jsonl'));
    const locked = path.join(project, '2026-01-01T00-00-03-000Z_locked.jsonl');
    copyFileSync(jsonlFiles(root)[0] ?? '', locked);
    const reader = make(root);
    const all = await reader.readAll();
    expectWellFormedIssues(all.issues);
    for (const id of baseline.sessions) expect(all.sessions.map((s) => s.id)).toContain(id);
    chmodSync(locked, 0o000);
    try {
      const kind = make(root).kind === 'claude' ? 'claude' : 'pi';
      const result = await readSourceAsUnprivileged(kind, root);
      expect(result.threw).toBeUndefined();
      expect(result.issues.find((i) => i.path === locked)?.reason).toMatch(/EACCES/);
    } finally {
      chmodSync(locked, 0o644);
    }
    unlinkSync(locked);
  });
});
