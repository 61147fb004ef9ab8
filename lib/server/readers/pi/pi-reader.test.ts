import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ToolPart } from '@/lib/model/part';
import { PiSessionReader } from './pi-reader';

const fixtures = fileURLToPath(new URL('../../../../test/fixtures/pi/sessions/', import.meta.url));
const MAIN = '1f9d2a6b9c0d1234';
const mainFile = path.join(fixtures, '--home-dev-webapp--', `2026-02-16T10-20-30-000Z_${MAIN}.jsonl`);
const v1File = path.join(fixtures, '--home-dev-legacy--', '2025-11-02T08-00-00-000Z_0a0b0c0d-legacy-v1.jsonl');
const v2File = path.join(fixtures, '--home-dev-legacy--', '2025-12-10T12-00-00-000Z_0e0f1a1b-legacy-v2.jsonl');

function copyFixtures(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pi-'));
  cpSync(fixtures, dir, { recursive: true });
  return dir;
}

const fingerprint = (file: string) => ({ sha: createHash('sha256').update(readFileSync(file)).digest('hex'), mtime: statSync(file).mtimeMs });

describe('PiSessionReader.readAll', () => {
  it('finds sessions, subagents and projects, without part bodies', async () => {
    const reader = new PiSessionReader('omp', fixtures);
    expect(reader.found()).toBe(true);
    const cs = await reader.readAll();
    expect(cs.complete).toBe(true);
    expect(cs.sessions.map((s) => [s.id, s.title, s.parentID])).toEqual([
      ['0a0b0c0d-legacy-v1', 'Upgrade lodash', undefined],
      ['0e0f1a1b-legacy-v2', 'Bump node version', undefined],
      [MAIN, 'Fix OAuth login redirect loop', undefined],
      ['5e6f7a8b9c0d1e2f', 'grep for res.cookie', MAIN],
    ]);
    expect(cs.sessions.every((s) => s.source === 'omp')).toBe(true);
    expect(cs.sessions[2]).toMatchObject({ projectID: '/home/dev/webapp', directory: '/home/dev/webapp', origin: mainFile, time: { created: Date.parse('2026-02-16T10:20:30.000Z'), updated: Date.parse('2026-02-16T10:24:06.000Z') } });
    expect(cs.projects.map((p) => p.id)).toEqual(['/home/dev/legacy', '/home/dev/webapp']);
    expect(cs.parts.every((p) => !('text' in p) && !('output' in p))).toBe(true);
    // PartMeta for the newest messages of each session (as the store keeps), and every tool call (the session database counts them)
    const mainMessages = cs.messages.filter((m) => m.sessionID === MAIN).map((m) => m.id);
    expect(new Set(cs.parts.filter((p) => p.sessionID === MAIN && p.type !== 'tool').map((p) => p.messageID))).toEqual(new Set(mainMessages.slice(-2)));
    expect(cs.parts.filter((p) => p.sessionID === MAIN && p.type === 'tool').length).toBeGreaterThan(2);
  });

  it('maps assistant usage to tokens and cost, provider and model, and orders by time', async () => {
    const cs = await new PiSessionReader('pi', fixtures).readAll();
    const assistants = cs.messages.filter((m) => m.sessionID === MAIN && m.role === 'assistant');
    expect(assistants.map((m) => [m.cost, m.tokens, m.providerID, m.modelID, m.finish])).toEqual([
      [0.0214, { input: 1200, output: 180, reasoning: 0, cacheRead: 0, cacheWrite: 4100 }, 'anthropic', 'claude-sonnet-4-5', 'tool-calls'],
      [0.0301, { input: 5400, output: 310, reasoning: 0, cacheRead: 4100, cacheWrite: 0 }, 'anthropic', 'claude-sonnet-4-5', 'tool-calls'],
      [0.0112, { input: 800, output: 60, reasoning: 0, cacheRead: 9000, cacheWrite: 0 }, 'anthropic', 'claude-sonnet-4-5', 'stop'],
      // oh-my-pi's `model_usage` (a title side call): counted, as omp's own accounting does
      [0.0004, { input: 300, output: 12, reasoning: 0, cacheRead: 0, cacheWrite: 0 }, 'anthropic', 'claude-haiku-4-5', 'stop'],
    ]);
    expect(assistants.map((m) => m.sideCall)).toEqual([undefined, undefined, undefined, 'title']);
    expect(assistants[0]).toMatchObject({ parentID: `${MAIN}:a0000003`, time: { created: Date.parse('2026-02-16T10:21:02.000Z'), completed: Date.parse('2026-02-16T10:21:20.000Z') } });
    expect(assistants[2]?.mode).toBe('plan');
    expect(cs.sessions.find((s) => s.id === MAIN)?.source).toBe('pi');
  });

  it('counts the malformed line as an issue and reads the rest', async () => {
    const cs = await new PiSessionReader('omp', fixtures).readAll();
    expect(cs.issues).toEqual([expect.objectContaining({ source: 'omp', path: mainFile, kind: 'parse', reason: expect.stringMatching(/^line 8: /) })]);
    expect(cs.messages.filter((m) => m.sessionID === MAIN)).toHaveLength(8);
  });

  it('an empty or missing root is fine', async () => {
    const reader = new PiSessionReader('omp', path.join(fixtures, 'nope'));
    expect(reader.found()).toBe(false);
    expect((await reader.readAll()).sessions).toEqual([]);
    expect(reader.nameTargets().map((t) => t.folder)).toEqual([path.join(fixtures, 'nope')]);
  });
});

describe('PiSessionReader.loadContent', () => {
  it('maps every entry type to parts', async () => {
    const reader = new PiSessionReader('omp', fixtures);
    await reader.readAll();
    const content = await reader.loadContent(MAIN);
    const parts = content?.parts ?? [];
    expect(content?.todos).toEqual([]);
    expect(parts.find((p) => p.type === 'reasoning')).toMatchObject({ text: 'The callback probably sets the cookie on the wrong path.' });
    const tools = parts.filter((p): p is ToolPart => p.type === 'tool');
    expect(tools.map((t) => [t.tool, t.status, t.callID])).toEqual([
      ['read', 'completed', 'toolu_01'],
      ['bash', 'error', 'toolu_02'],
      ['task', 'completed', 'toolu_03'],
      ['bash', 'completed', 'a0000018'], // user's `!git status`
    ]);
    expect(tools[0]?.output).toContain("res.cookie('sid'");
    expect(tools[1]?.error).toContain('1 failing');
    expect(tools[2]?.metadata).toEqual({ results: [{ id: 'explore-auth', exitCode: 0 }] });
    expect(tools[2]?.childSessionID).toBe('5e6f7a8b9c0d1e2f'); // <parent>/explore-auth.jsonl
    expect(tools[0]?.time?.end).toBe(Date.parse('2026-02-16T10:21:21.000Z'));
    expect(parts.find((p) => p.type === 'file')).toMatchObject({ mime: 'image/png', url: 'blob:sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08' });
    expect(parts.find((p) => p.type === 'compaction')).toBeDefined();
    expect(parts.filter((p) => p.type === 'text' && p.synthetic).map((p) => p.type === 'text' && p.text)).toEqual([
      'src/auth/callback.ts:2:5 warning: cookie path differs from redirect target',
      'User reported an OAuth redirect loop; the sid cookie is scoped to /auth.',
    ]);
    expect(parts.filter((p) => p.type === 'model-change')).toHaveLength(2);
    // Every entry type spec 001 defines and oh-my-pi writes is folded context with its own words; none is unknown.
    for (const type of ['compaction', 'label', 'ttsr_injection', 'mode_change', 'branch_summary', 'custom', 'model_usage']) {
      expect(parts.filter((p) => p.type === 'context' && p.kind === type), type).toHaveLength(1);
    }
    expect(parts.filter((p) => p.type === 'unknown').map((p) => p.type === 'unknown' && p.originalType)).toEqual([]);
    expect(parts.filter((p) => p.type === 'step-finish')).toHaveLength(3);
    expect(new Set(parts.map((p) => p.id)).size).toBe(parts.length);
  });

  it('session_init of a subagent sets the agent', async () => {
    const reader = new PiSessionReader('omp', fixtures);
    const cs = await reader.readAll();
    expect(cs.messages.filter((m) => m.sessionID === '5e6f7a8b9c0d1e2f').map((m) => m.agent)).toEqual(['explore', 'explore']);
    const parts = (await reader.loadContent('5e6f7a8b9c0d1e2f'))?.parts ?? [];
    expect(parts.filter((p) => p.type === 'context' && p.kind === 'session_init').map((p) => p.type === 'context' && p.summary)).toEqual(['Session started as explore']);
  });

  it('unknown sessions give undefined', async () => {
    expect(await new PiSessionReader('omp', fixtures).loadContent('nope')).toBeUndefined();
  });
});

describe('migrations happen in memory only', () => {
  it('reads a v1 file (ids, parent chain, hookMessage) and leaves it byte-for-byte unchanged', async () => {
    const before = fingerprint(v1File);
    const reader = new PiSessionReader('omp', fixtures);
    const cs = await reader.readAll();
    const msgs = cs.messages.filter((m) => m.sessionID === '0a0b0c0d-legacy-v1');
    expect(msgs.map((m) => [m.id, m.role])).toEqual([
      ['0a0b0c0d-legacy-v1:L2', 'user'],
      ['0a0b0c0d-legacy-v1:L3', 'assistant'],
      ['0a0b0c0d-legacy-v1:L5', 'user'], // hookMessage -> custom -> synthetic user text
      ['0a0b0c0d-legacy-v1:L6', 'assistant'],
    ]);
    const parts = (await reader.loadContent('0a0b0c0d-legacy-v1'))?.parts ?? [];
    expect(parts.find((p) => p.type === 'context' && p.kind === 'compaction')).toMatchObject({ summary: 'Context compacted; kept from entry L3' });
    expect(parts.find((p) => p.messageID === '0a0b0c0d-legacy-v1:L5')).toMatchObject({ type: 'text', synthetic: true, text: 'Remember to run the tests.' });
    expect(fingerprint(v1File)).toEqual(before);
  });

  it('reads a v2 file and leaves it unchanged; a call without a result is still running', async () => {
    const before = fingerprint(v2File);
    const reader = new PiSessionReader('omp', fixtures);
    await reader.readAll();
    const parts = (await reader.loadContent('0e0f1a1b-legacy-v2'))?.parts ?? [];
    expect(parts.find((p) => p.type === 'text' && p.synthetic)).toMatchObject({ text: 'Node 20 is the minimum.' });
    expect(parts.find((p) => p.type === 'tool')).toMatchObject({ tool: 'edit', status: 'running', input: { path: '.nvmrc', newText: '20' } });
    expect(fingerprint(v2File)).toEqual(before);
  });
});

describe('PiSessionReader.readChanged', () => {
  it('re-reads an appended file, tolerating a half-written last line', async () => {
    const root = copyFixtures();
    const file = path.join(root, '--home-dev-legacy--', path.basename(v2File));
    const reader = new PiSessionReader('omp', root);
    await reader.readAll();
    const result = '{"type":"message","id":"c0000004","parentId":"c0000003","timestamp":"2025-12-10T12:00:40.000Z","message":{"role":"toolResult","toolCallId":"call_9","toolName":"edit","content":[{"type":"text","text":"ok"}],"isError":false}}';
    appendFileSync(file, result.slice(0, 50));
    let cs = await reader.readChanged([file]);
    expect(cs.issues).toEqual([]);
    expect(cs.sessions.map((s) => s.id)).toEqual(['0e0f1a1b-legacy-v2']);
    appendFileSync(file, `${result.slice(50)}\n`);
    cs = await reader.readChanged([file]);
    expect(cs.complete).toBeUndefined();
    expect(cs.parts.find((p) => p.type === 'tool')).toMatchObject({ status: 'completed', end: Date.parse('2025-12-10T12:00:40.000Z') });
    rmSync(root, { recursive: true });
  });

  it('lists removals when a file is rewritten or deleted, and picks up new subagent folders', async () => {
    const root = copyFixtures();
    const reader = new PiSessionReader('omp', root);
    await reader.readAll();
    const v1 = path.join(root, '--home-dev-legacy--', path.basename(v1File));
    // pi migrates by rewriting the file: the in-memory ids of v1 lines disappear
    const lines = readFileSync(v1, 'utf8').trim().split('\n').slice(0, 3);
    writeFileSync(v1, `${lines.map((l, i) => (i === 0 ? l.replace('"type":"session"', '"type":"session","version":3') : l.replace('"type":"message"', `"type":"message","id":"m${i}","parentId":${i === 1 ? 'null' : '"m1"'}`))).join('\n')}\n`);
    let cs = await reader.readChanged([v1]);
    expect(cs.removed.messages.sort()).toEqual(['0a0b0c0d-legacy-v1:L2', '0a0b0c0d-legacy-v1:L3', '0a0b0c0d-legacy-v1:L5', '0a0b0c0d-legacy-v1:L6']);
    expect(cs.messages.map((m) => m.id)).toEqual(['0a0b0c0d-legacy-v1:m1', '0a0b0c0d-legacy-v1:m2']);

    const subDir = path.join(root, '--home-dev-webapp--', `2026-02-16T10-20-30-000Z_${MAIN}`);
    rmSync(subDir, { recursive: true });
    cs = await reader.readChanged([subDir]);
    expect(cs.removed.sessions).toEqual(['5e6f7a8b9c0d1e2f']);
    cpSync(path.join(fixtures, '--home-dev-webapp--', path.basename(subDir)), subDir, { recursive: true });
    cs = await reader.readChanged([path.join(subDir, 'explore-auth.jsonl')]);
    expect(cs.sessions).toEqual([expect.objectContaining({ id: '5e6f7a8b9c0d1e2f', parentID: MAIN })]);
    rmSync(root, { recursive: true });
  });

  it('finds the parent of a subagent it has not seen yet, and ignores paths outside its root', async () => {
    const reader = new PiSessionReader('omp', fixtures);
    const child = path.join(fixtures, '--home-dev-webapp--', `2026-02-16T10-20-30-000Z_${MAIN}`, 'explore-auth.jsonl');
    const cs = await reader.readChanged([child, '/etc/passwd']);
    expect(cs.sessions).toEqual([expect.objectContaining({ id: '5e6f7a8b9c0d1e2f', parentID: MAIN })]);
  });
});
