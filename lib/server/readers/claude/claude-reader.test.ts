import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ToolPart } from '@/lib/model/part';
import { sumTokens } from '@/lib/model/tokens';
import { ClaudeCodeReader } from './claude-reader';

const fixtures = fileURLToPath(new URL('../../../../test/fixtures/claude/projects/', import.meta.url));
const SID = '7c1f2e3d-4b5a-4c6d-8e9f-0a1b2c3d4e5f';
const SUB = `${SID}:agent-a3f9c2e`;
const mainFile = path.join(fixtures, '-home-dev-api', `${SID}.jsonl`);
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('ClaudeCodeReader.readAll', () => {
  it('finds sessions and subagents (both layouts); a file with no conversation is skipped', async () => {
    const reader = new ClaudeCodeReader(fixtures);
    const before = sha(mainFile);
    const cs = await reader.readAll();
    expect(cs.complete).toBe(true);
    expect(cs.sessions.map((s) => [s.id, s.parentID, s.title])).toEqual([
      [SID, undefined, 'Cursor pagination for users API'],
      [`${SID}:agent-5d6e7f80`, SID, 'Warmup'],
      [SUB, SID, 'Look for existing cursor pagination helpers in src/'],
    ]);
    expect(cs.sessions[0]).toMatchObject({ source: 'claude', projectID: '/home/dev/api', directory: '/home/dev/api', version: '2.0.14', origin: mainFile, time: { created: Date.parse('2026-03-01T09:00:00.000Z'), updated: Date.parse('2026-03-01T09:10:20.000Z') } });
    expect(cs.projects).toEqual([expect.objectContaining({ id: '/home/dev/api', source: 'claude' })]);
    expect(sha(mainFile)).toBe(before);
  });

  it('deduplicates streamed assistant lines and sums usage once per response, cost 0', async () => {
    const cs = await new ClaudeCodeReader(fixtures).readAll();
    const assistants = cs.messages.filter((m) => m.sessionID === SID && m.role === 'assistant');
    expect(assistants.map((m) => [m.id, m.finish, m.modelID])).toEqual([
      [`${SID}:a-001`, 'tool-calls', 'claude-sonnet-4-5-20250929'],
      [`${SID}:a-004`, 'tool-calls', 'claude-sonnet-4-5-20250929'],
      [`${SID}:a-006`, 'tool-calls', 'claude-sonnet-4-5-20250929'],
      [`${SID}:a-007`, 'stop', 'claude-sonnet-4-5-20250929'],
    ]);
    expect(assistants[0]).toMatchObject({ providerID: 'anthropic', cost: 0, parentID: `${SID}:u-001`, time: { created: Date.parse('2026-03-01T09:00:03.000Z'), completed: Date.parse('2026-03-01T09:00:05.000Z') } });
    expect(sumTokens(assistants.map((m) => m.tokens))).toEqual({ input: 21, output: 470, reasoning: 0, cacheRead: 45500, cacheWrite: 11650 });
    expect(assistants.every((m) => m.cost === 0)).toBe(true);
  });

  it('user lines that only carry tool results, and meta lines, are not turns; compact summaries are marked', async () => {
    const cs = await new ClaudeCodeReader(fixtures).readAll();
    const users = cs.messages.filter((m) => m.sessionID === SID && m.role === 'user');
    expect(users.map((m) => [m.id, m.summary])).toEqual([
      [`${SID}:u-001`, undefined],
      [`${SID}:u-005`, true],
    ]);
  });

  it('counts a malformed line and reads the rest', async () => {
    const cs = await new ClaudeCodeReader(fixtures).readAll();
    expect(cs.issues).toEqual([expect.objectContaining({ source: 'claude', kind: 'parse', path: mainFile, reason: expect.stringMatching(/^line 7: /) })]);
  });
});

describe('ClaudeCodeReader.loadContent', () => {
  it('maps thinking, text, tool_use/tool_result and compaction to parts', async () => {
    const reader = new ClaudeCodeReader(fixtures);
    await reader.readAll();
    const parts = (await reader.loadContent(SID))?.parts ?? [];
    expect(parts.find((p) => p.type === 'reasoning')).toMatchObject({ messageID: `${SID}:a-001`, text: 'Need to look at the users route first.' });
    const tools = parts.filter((p): p is ToolPart => p.type === 'tool');
    expect(tools.map((t) => [t.tool, t.status, t.callID])).toEqual([
      ['Read', 'completed', 'toolu_A'],
      ['Task', 'completed', 'toolu_B'],
      ['Bash', 'error', 'toolu_C'],
    ]);
    expect(tools[0]).toMatchObject({ input: { file_path: '/home/dev/api/src/routes/users.ts' }, time: { end: Date.parse('2026-03-01T09:00:06.000Z') } });
    expect(tools[1]?.output).toBe('Found src/lib/paginate.ts exporting cursorPage().');
    expect(tools[2]?.error).toContain('Exit code 1');
    // the repeated line of msg_02 did not duplicate its blocks
    expect(parts.filter((p) => p.messageID === `${SID}:a-004`).map((p) => p.type)).toEqual(['text', 'tool', 'step-finish']);
    expect(parts.find((p) => p.type === 'compaction')).toMatchObject({ auto: true });
    expect(parts.filter((p) => p.type === 'unknown')).toEqual([]);
    expect(parts.filter((p) => p.type === 'text' && p.synthetic)).toHaveLength(1);
    expect(parts.find((p) => p.type === 'context')).toMatchObject({ kind: 'meta', summary: expect.stringMatching(/^Context line: Caveat: The messages below/) });
    expect(new Set(parts.map((p) => p.id)).size).toBe(parts.length);
  });

  it('loads a subagent session', async () => {
    const reader = new ClaudeCodeReader(fixtures);
    const cs = await reader.readAll();
    expect(cs.messages.filter((m) => m.sessionID === SUB && m.role === 'assistant').map((m) => m.modelID)).toEqual(['claude-haiku-4-5-20251001', 'claude-haiku-4-5-20251001']);
    const tools = (await reader.loadContent(SUB))?.parts.filter((p) => p.type === 'tool');
    expect(tools).toEqual([expect.objectContaining({ tool: 'Grep', status: 'completed' })]);
    expect(await reader.loadContent('nope')).toBeUndefined();
  });
});

describe('ClaudeCodeReader.readChanged', () => {
  it('re-reads an appended transcript and a new subagent folder; lists deletions', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'claude-'));
    cpSync(fixtures, root, { recursive: true });
    const reader = new ClaudeCodeReader(root);
    await reader.readAll();
    const file = path.join(root, '-home-dev-api', `${SID}.jsonl`);
    const next = { parentUuid: 'a-007', type: 'user', uuid: 'u-007', timestamp: '2026-03-01T09:12:00.000Z', cwd: '/home/dev/api', sessionId: SID, message: { role: 'user', content: 'Thanks!' } };
    appendFileSync(file, `${JSON.stringify(next)}\n`);
    let cs = await reader.readChanged([file]);
    expect(cs.complete).toBeUndefined();
    // its subagent is read again too: its recorded cost comes from the parent's cost-state
    expect(cs.sessions.map((s) => s.id)).toEqual([SID, SUB]);
    expect(cs.messages.filter((m) => m.sessionID === SID).at(-1)).toMatchObject({ id: `${SID}:u-007`, role: 'user' });

    const subDir = path.join(root, '-home-dev-api', SID);
    rmSync(subDir, { recursive: true });
    cs = await reader.readChanged([subDir]);
    expect(cs.removed.sessions).toEqual([SUB]);
    cpSync(path.join(fixtures, '-home-dev-api', SID), subDir, { recursive: true });
    cs = await reader.readChanged([path.join(subDir, 'subagents')]);
    expect(cs.sessions.map((s) => s.id)).toEqual([SUB]);
    rmSync(root, { recursive: true });
  });
});
