import { describe, expect, it } from 'vitest';
import { computeStats } from './compute-stats';
import { assistant, session, sonnetOnly, stepFinish, tokens, user } from './test-data';

const day = (d: number, h = 12) => Date.UTC(2026, 0, d, h);
const sessions = [
  { ...session('root', undefined, 'prj_a'), title: 'Fix the bug' },
  session('child', 'root', 'prj_a'),
  { ...session('other', undefined, 'prj_b'), time: { created: 0, updated: 0, archived: 1 }, source: 'claude' as const },
];
const messages = [
  user('u1', 'root', day(1, 11)),
  assistant({ id: 'm1', sessionID: 'root', cost: 1, time: { created: day(1) }, agent: '\u200BSisyphus - ultraworker', tokens: tokens({ input: 100 }) }),
  assistant({ id: 'm2', sessionID: 'child', cost: 2, time: { created: day(1, 23) }, agent: 'explore', tokens: tokens({ output: 10 }) }),
  assistant({ id: 'm3', sessionID: 'other', cost: 4, time: { created: day(2) }, agent: 'sisyphus', providerID: 'openai', modelID: 'gpt-5', tokens: tokens({ input: 1 }) }),
];
const base = { sessions, messages, prices: sonnetOnly, timeZone: 'UTC' };
const table = (groups: { key: string; figure: { storedCost: number } }[]) => groups.map((g) => [g.key, g.figure.storedCost]);

describe('computeStats', () => {
  it('totals assistant messages', () => {
    const { total } = computeStats({ ...base, groupBy: 'day' });
    expect(total).toMatchObject({ storedCost: 7, messages: 3, unpricedMessages: 1, unpricedTokens: 1 });
    expect(total.tokens).toEqual(tokens({ input: 101, output: 10 }));
  });

  it('groups by local day and hour, in time order', () => {
    expect(table(computeStats({ ...base, groupBy: 'day' }).groups)).toEqual([['2026-01-01', 3], ['2026-01-02', 4]]);
    expect(table(computeStats({ ...base, groupBy: 'day', timeZone: '+02:00' }).groups)).toEqual([['2026-01-01', 1], ['2026-01-02', 6]]);
    const hours = computeStats({ ...base, groupBy: 'hour' }).groups;
    expect(hours.map((g) => g.label)).toEqual(['2026-01-01 12:00', '2026-01-01 23:00', '2026-01-02 12:00']);
  });

  it('groups by model, provider, agent and project, largest first', () => {
    expect(table(computeStats({ ...base, groupBy: 'model' }).groups)).toEqual([['openai/gpt-5', 4], ['anthropic/claude-sonnet-4-5', 3]]);
    expect(table(computeStats({ ...base, groupBy: 'provider' }).groups)).toEqual([['openai', 4], ['anthropic', 3]]);
    const agents = computeStats({ ...base, groupBy: 'agent' }).groups;
    expect(agents.map((g) => [g.key, g.label, g.figure.storedCost])).toEqual([['sisyphus', 'Sisyphus', 5], ['explore', 'explore', 2]]);
    const projects = computeStats({ ...base, groupBy: 'project', projects: [{ id: 'prj_a', name: 'Alpha', worktree: '/w/a' }] }).groups;
    expect(projects.map((g) => [g.key, g.label, g.figure.storedCost])).toEqual([['prj_b', 'prj_b', 4], ['prj_a', 'Alpha', 3]]);
  });

  it('names an agent written in two cases by the same spelling, whatever order its messages come in', () => {
    const labels = (ms: typeof messages) => computeStats({ ...base, messages: ms, groupBy: 'agent' }).groups.map((g) => [g.key, g.label]);
    const shouted = [...messages, assistant({ id: 'm9', sessionID: 'other', cost: 1, time: { created: day(3) }, agent: 'SISYPHUS', tokens: tokens({ input: 1 }) })];
    expect(labels(shouted)).toEqual(labels(shouted.toReversed()));
    expect(labels(shouted)[0]).toEqual(['sisyphus', 'SISYPHUS']);
  });

  it('groups by own session, or by root session with roots', () => {
    expect(table(computeStats({ ...base, groupBy: 'session' }).groups)).toEqual([['other', 4], ['child', 2], ['root', 1]]);
    const rooted = computeStats({ ...base, groupBy: 'session', filters: { roots: true } }).groups;
    expect(rooted.map((g) => [g.key, g.label, g.figure.storedCost])).toEqual([['other', 'Session other', 4], ['root', 'Fix the bug', 3]]);
  });

  it('groups by source family: both OpenCode stores are one group, unknown sessions are kept', () => {
    const mixed = [...sessions.slice(0, 1), { ...sessions[1]!, source: 'opencode-json' as const }, sessions[2]!];
    const orphan = assistant({ id: 'm4', sessionID: 'gone', cost: 8, time: { created: day(3) } });
    const groups = computeStats({ ...base, sessions: mixed, messages: [...messages, orphan], groupBy: 'source' }).groups;
    expect(groups.map((g) => [g.key, g.label, g.figure.storedCost])).toEqual([['', '(unknown source)', 8], ['claude', 'Claude Code', 4], ['opencode', 'OpenCode', 3]]);
  });

  it('splits each day by model, exactly: the models of a day add up to that day', () => {
    const days = computeStats({ ...base, groupBy: 'day', split: 'model' }).groups;
    expect(days.map((d) => [d.key, d.split?.map((m) => [m.key, m.figure.storedCost])])).toEqual([
      ['2026-01-01', [['anthropic/claude-sonnet-4-5', 3]]],
      ['2026-01-02', [['openai/gpt-5', 4]]],
    ]);
    for (const d of days) expect(d.split?.reduce((sum, m) => sum + m.figure.storedCost, 0)).toBe(d.figure.storedCost);
    expect(days[1]?.split?.[0]?.figure.unpricedModels).toEqual(['openai/gpt-5']);
    const models = computeStats({ ...base, groupBy: 'model', split: 'day' }).groups;
    expect(models[1]?.split?.map((d) => d.key)).toEqual(['2026-01-01']);
    expect(computeStats({ ...base, groupBy: 'day' }).groups[0]?.split).toBeUndefined();
  });

  it('credits subagents to their root session inside a split too', () => {
    const days = computeStats({ ...base, groupBy: 'day', split: 'session', filters: { roots: true } }).groups;
    expect(days[0]?.split?.map((s) => [s.key, s.figure.storedCost])).toEqual([['root', 3]]);
  });

  it('filters', () => {
    const total = (filters: object) => computeStats({ ...base, groupBy: 'day', filters }).total.storedCost;
    expect(total({ from: day(1, 12), to: day(2) })).toBe(3);
    expect(total({ from: day(1, 13) })).toBe(6);
    expect(total({ project: 'prj_a' })).toBe(3);
    expect(total({ sessionIDs: ['root'] })).toBe(1);
    expect(total({ subtreeOf: ['root'] })).toBe(3);
    expect(total({ providerID: 'openai' })).toBe(4);
    expect(total({ modelID: 'claude-sonnet-4-5' })).toBe(3);
    expect(total({ agent: 'SISYPHUS - plan' })).toBe(5);
    expect(total({ source: 'claude' })).toBe(4);
    expect(total({ source: 'opencode' })).toBe(3);
    expect(total({ source: 'opencode-json' })).toBe(0);
    expect(total({ excludeArchived: true })).toBe(3);
  });

  it('uses step-finish parts when given', () => {
    const steps = new Map([['m1', [stepFinish('p1', 'm1', 0.5, tokens({ input: 60 })), stepFinish('p2', 'm1', 0.5, tokens({ input: 100 }))]]]);
    const { total } = computeStats({ ...base, groupBy: 'day', steps });
    expect(total).toMatchObject({ storedCost: 7, steps: 2, stepMessages: 1 });
    expect(total.tokens.input).toBe(161);
    const messageLevel = computeStats({ ...base, groupBy: 'day', steps, usage: 'message' }).total;
    expect(messageLevel.tokens.input).toBe(101);
  });

  it('prices with the bundled table by default', () => {
    const { total } = computeStats({ sessions, messages: [messages[1]!], groupBy: 'model' });
    expect(total.computedCost).toBeCloseTo((100 * 3) / 1e6, 12);
  });
});
