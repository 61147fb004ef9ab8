import { rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PlanView } from '@/lib/plans/plan-work';
import { hitHref } from '@/lib/search/search-links';
import { planAnchor } from '@/lib/view/plan-display';
import { SearchService } from '@/lib/server/search/search-service';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createOpencodeDb, insertSession } from '../support/sqlite-builder';
import { ask, dump, newCacheDir, openSearch, writeTurn } from './search-support';

function fixture() {
  const { dataDir, dbPath, db } = createOpencodeDb();
  insertSession(db, 'ses_a', { title: 'Fix the login page', created: 1_780_000_000_000 });
  insertSession(db, 'ses_b', { title: 'Write release notes', created: 1_780_000_000_000 });
  writeTurn(db, 'ses_a', 1, { prompt: 'the login form rejects valid passwords', reply: 'The bcrypt comparison was inverted', tool: 'grep -rn bcrypt src/', output: 'src/auth/check-password.ts:12' });
  writeTurn(db, 'ses_b', 1, { prompt: 'summarise the changes since v2', reply: 'Here are the notes: login fixes and speedups' });
  return { dataDir, dbPath, db };
}

describe('search index', () => {
  it('finds prompts, replies, reasoning, tool calls and outputs, and titles, naming session, message and part', async () => {
    const { dataDir, dbPath } = fixture();
    const { search, close } = await openSearch(dataDir, dbPath, newCacheDir());
    const login = await ask(search, 'login');
    expect(new Set(login.hits.map((h) => `${h.sessionID}:${h.kind}`))).toEqual(new Set(['ses_a:title', 'ses_a:prompt', 'ses_a:reasoning', 'ses_b:reply']));
    const output = (await ask(search, 'check-password')).hits;
    expect(output).toHaveLength(1);
    expect(output[0]).toMatchObject({ sessionID: 'ses_a', messageID: 'msg_ses_a_1a', partID: 'prt_ses_a_1x', kind: 'tool-output', role: 'assistant', agent: 'build', model: 'anthropic/claude-x', sessionTitle: 'Fix the login page', source: 'opencode-sqlite' });
    const snippet = output[0]?.snippet;
    expect(snippet?.ranges.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['check', 'password']);
    // The last word matches as a prefix while typing.
    expect((await ask(search, 'bcry')).hits.map((h) => h.kind).sort()).toEqual(['reply', 'tool-input']);
    close();
  });

  it('matches other forms of a word (porter stems), counts the hits, and lists them newest first on request', async () => {
    const { dataDir, dbPath } = fixture();
    const { search, close } = await openSearch(dataDir, dbPath, newCacheDir());
    // "lists" found nothing where "list" found 14: the prompt says "rejects", "passwords".
    const rejected = await ask(search, 'rejected passwords ');
    const prompt = rejected.hits.find((h) => h.kind === 'prompt');
    expect(prompt).toBeDefined();
    const snippet = prompt!.snippet;
    expect(snippet.ranges.map(([s, e]) => snippet.text.slice(s, e))).toEqual(['rejects', 'passwords']);
    expect((await ask(search, 'password ')).hits.map((h) => h.kind)).toEqual(expect.arrayContaining(['prompt', 'tool-output']));
    const login = await ask(search, 'login', { limit: 2 });
    expect(login.total).toBe(4);
    expect(login.totalCapped).toBe(false);
    const newest = (await ask(search, 'login', { order: 'newest' })).hits.map((h) => h.time);
    expect(newest).toEqual(newest.toSorted((a, b) => b - a));
    expect(newest).toHaveLength(4);
    close();
  });

  it('filters by kind, role, session, source, agent, model and date, and pages', async () => {
    const { dataDir, dbPath } = fixture();
    const { search, close } = await openSearch(dataDir, dbPath, newCacheDir());
    expect((await ask(search, 'login', { filters: { kinds: ['reply'] } })).hits.map((h) => h.sessionID)).toEqual(['ses_b']);
    expect((await ask(search, 'login', { filters: { role: 'user' } })).hits.map((h) => h.kind)).toEqual(['prompt']);
    expect((await ask(search, 'login', { filters: { session: 'ses_b' } })).hits).toHaveLength(1);
    expect((await ask(search, 'login', { filters: { sources: ['claude'] } })).hits).toHaveLength(0);
    expect((await ask(search, 'login', { filters: { model: 'anthropic/claude-x' } })).hits.map((h) => h.kind).sort()).toEqual(['reasoning', 'reply']);
    const byBuild = (await ask(search, 'login', { filters: { agent: 'build' } })).hits;
    expect(byBuild.map((h) => h.kind).sort()).toEqual(['prompt', 'reasoning', 'reply']);
    expect(byBuild.every((h) => h.agent === 'build')).toBe(true);
    expect((await ask(search, 'login', { filters: { agent: 'plan' } })).hits).toHaveLength(0);
    expect((await ask(search, 'login', { filters: { from: 1_780_000_020_000 } })).hits).toHaveLength(0);
    const first = await ask(search, 'login', { limit: 3 });
    expect(first.nextCursor).toBe('3');
    const rest = await ask(search, 'login', { limit: 3, offset: 3 });
    expect(rest.nextCursor).toBeUndefined();
    expect(new Set([...first.hits, ...rest.hits].map((h) => `${h.sessionID}:${h.kind}`)).size).toBe(4);
    close();
  });

  it('rebuilds an index whose file was overwritten with garbage, with the same answers', async () => {
    const { dataDir, dbPath } = fixture();
    const cacheDir = newCacheDir();
    const first = await openSearch(dataDir, dbPath, cacheDir);
    const before = dump(first.search);
    const file = first.search.file;
    first.close();
    for (const suffix of ['-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    writeFileSync(file, Buffer.alloc(64 * 1024, 'garbage!'));
    const second = await openSearch(dataDir, dbPath, cacheDir);
    expect(dump(second.search)).toEqual(before);
    expect((await ask(second.search, 'bcrypt')).hits.length).toBeGreaterThan(0);
    second.close();
  });

  it('answers the same after the cache folder is removed', async () => {
    const { dataDir, dbPath } = fixture();
    const cacheDir = newCacheDir();
    const first = await openSearch(dataDir, dbPath, cacheDir);
    const answers = (await ask(first.search, 'login')).hits;
    first.close();
    rmSync(cacheDir, { recursive: true, force: true });
    const second = await openSearch(dataDir, dbPath, cacheDir);
    expect((await ask(second.search, 'login')).hits).toEqual(answers);
    second.close();
  });
});

describe('plan items in the search index', () => {
  const plan = (items: string[]): PlanView => ({
    key: '/work/app/.sisyphus/boulder.json#w1',
    projectDir: '/work/app',
    planName: 'Ship the exporter',
    planPath: '/work/app/.sisyphus/plans/ship.md',
    progress: { done: 0, total: items.length, items: items.map((text) => ({ text, done: false })) },
    updatedAt: 1_780_000_000_000,
  });

  it('finds a plan checklist item, names the plan, opens it on the plans page, and follows edits and removal', async () => {
    const { dataDir, dbPath } = fixture();
    const { search, close } = await openSearch(dataDir, dbPath, newCacheDir());
    search.setPlans([plan(['Write the CSV writer', 'Add a --format flag'])]);
    await search.idle();
    const hits = (await ask(search, 'format flag')).hits;
    expect(hits).toHaveLength(1);
    expect(hits[0]).toMatchObject({ kind: 'plan', sessionTitle: 'Ship the exporter' });
    expect(hits[0]?.snippet.text).toContain('--format flag');
    expect(hitHref(hits[0]!)).toBe(`/plans#${planAnchor({ key: '/work/app/.sisyphus/boulder.json#w1', planName: 'Ship the exporter' })}`);
    // Only the plan: the sessions are not counted as plans, nor the plan as a session.
    expect(search.progress().sessions).toBe(2);
    search.setPlans([plan(['Write the JSON writer'])]);
    await search.idle();
    expect((await ask(search, 'format')).hits).toHaveLength(0);
    expect((await ask(search, 'json writer')).hits.map((h) => h.kind)).toEqual(['plan']);
    search.setPlans([]);
    await search.idle();
    expect((await ask(search, 'writer')).hits).toHaveLength(0);
    close();
  });

  it('indexes the plans known at start, while the sessions are read and built (as the dashboard starts)', async () => {
    const { dataDir, dbPath } = fixture();
    const store = new Store(createReaders({ opencodeDir: dataDir, databases: [dbPath] }));
    const search = new SearchService(store, store.start(), newCacheDir());
    search.setPlans([plan(['Write the CSV writer', 'Add a --format flag'])]);
    const idle = await Promise.race([search.idle().then(() => 'idle'), new Promise((resolve) => setTimeout(() => resolve('still waiting after 10 s'), 10_000))]);
    expect(idle).toBe('idle');
    expect((await ask(search, 'format flag')).hits.map((h) => h.kind)).toEqual(['plan']);
    search.close();
    store.stop();
  });
});
