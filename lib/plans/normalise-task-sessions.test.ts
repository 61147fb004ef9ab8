import { describe, expect, it } from 'vitest';
import { normaliseBoulder } from './normalise-boulder';
import { splitSessionID } from './normalise-task-sessions';

const ctx = { projectDir: '/home/u/proj', boulderPath: '/home/u/proj/.omo/boulder.json' };

/** A v2 boulder as oh-my-opencode 4.19.4's boulder-state writes it (startTaskTimer / endTaskTimer). */
const boulder = {
  schema_version: 2,
  active_work_id: 'export-jsonl-1a2b3c4d',
  works: {
    'export-jsonl-1a2b3c4d': {
      work_id: 'export-jsonl-1a2b3c4d',
      active_plan: '/home/u/proj/.omo/plans/export-jsonl.md',
      plan_name: 'export-jsonl',
      status: 'active',
      started_at: '2026-11-20T09:00:00.000Z',
      updated_at: '2026-11-20T10:30:00.000Z',
      session_ids: ['opencode:ses_main', 'codex:019a7b2c-codex', 'senpi:01a2-senpi'],
      session_origins: { 'opencode:ses_main': 'direct', 'codex:019a7b2c-codex': 'appended' },
      agent: 'atlas',
      task_sessions: {
        'final-wave:f1': { task_key: 'final-wave:f1', task_label: 'F1', task_title: 'Plan compliance audit', session_id: 'opencode:ses_f1', updated_at: '2026-11-20T10:30:00.000Z' },
        'todo:10': { task_key: 'todo:10', task_label: '10', task_title: 'Docs', session_id: 'senpi:01a2-senpi', status: 'running', started_at: '2026-11-20T10:00:00.000Z', updated_at: '2026-11-20T10:00:00.000Z' },
        'todo:2': {
          task_key: 'todo:2',
          task_label: '2',
          task_title: 'Stream JSONL',
          session_id: 'codex:019a7b2c-codex',
          agent: 'sisyphus-junior',
          category: 'quick',
          status: 'completed',
          started_at: '2026-11-20T09:10:00.000Z',
          ended_at: '2026-11-20T09:40:00.000Z',
          elapsed_ms: 1_800_000,
          updated_at: '2026-11-20T09:40:00.000Z',
        },
        bad: 'not an object',
      },
    },
    'old-plan-99887766': { work_id: 'old-plan-99887766', active_plan: '/home/u/proj/.omo/plans/old.md', plan_name: 'old', status: 'completed', started_at: '2026-11-01T09:00:00.000Z', ended_at: '2026-11-01T11:00:00.000Z', elapsed_ms: 7_200_000, session_ids: ['ses_old'] },
  },
};

describe('task_sessions, updated_at, elapsed_ms and harness prefixes of a v2 boulder', () => {
  const out = normaliseBoulder(boulder, ctx);
  const works = 'works' in out ? out.works : [];
  const active = works.find((w) => w.active);

  it('keeps every session id without its prefix and which harness ran the codex: and senpi: ones', () => {
    expect(active?.sessionIDs).toEqual(['ses_main', '019a7b2c-codex', '01a2-senpi']);
    expect(active?.harnessOf).toEqual({ '019a7b2c-codex': 'codex', '01a2-senpi': 'senpi' });
  });

  it('reads when the work was last written and how long a finished one ran', () => {
    expect(active?.updatedAt).toBe(Date.parse('2026-11-20T10:30:00.000Z'));
    expect(works.find((w) => w.workID === 'old-plan-99887766')).toMatchObject({ elapsedMs: 7_200_000, endedAt: Date.parse('2026-11-01T11:00:00.000Z') });
  });

  it("lists the work's tasks in plan order with their session, harness, status and times", () => {
    expect(active?.tasks).toEqual([
      {
        key: 'todo:2',
        label: '2',
        title: 'Stream JSONL',
        sessionID: '019a7b2c-codex',
        harness: 'codex',
        agent: 'sisyphus-junior',
        category: 'quick',
        status: 'completed',
        startedAt: Date.parse('2026-11-20T09:10:00.000Z'),
        endedAt: Date.parse('2026-11-20T09:40:00.000Z'),
        updatedAt: Date.parse('2026-11-20T09:40:00.000Z'),
        elapsedMs: 1_800_000,
      },
      { key: 'todo:10', label: '10', title: 'Docs', sessionID: '01a2-senpi', harness: 'senpi', status: 'running', startedAt: Date.parse('2026-11-20T10:00:00.000Z'), updatedAt: Date.parse('2026-11-20T10:00:00.000Z') },
      { key: 'final-wave:f1', label: 'F1', title: 'Plan compliance audit', sessionID: 'ses_f1', updatedAt: Date.parse('2026-11-20T10:30:00.000Z') },
    ]);
    expect(works.find((w) => !w.active)?.tasks).toBeUndefined();
  });

  it('splits session ids: opencode: is the default harness, a bare id has none', () => {
    expect(splitSessionID('opencode:ses_1')).toEqual({ id: 'ses_1' });
    expect(splitSessionID('Codex:abc')).toEqual({ id: 'abc', harness: 'codex' });
    expect(splitSessionID('ses_1')).toEqual({ id: 'ses_1' });
  });
});
