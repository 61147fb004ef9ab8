// oh-my-opencode 4.19.4 as it really runs inside OpenCode 1.18.33 (test/fixtures/omo-4.19.4): the
// boulders and plans its start-work wrote, and OpenCode's sessions. Plan progress must equal the
// plugin's own parser (oracle.json), works and tasks what boulder.json says.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanView } from '@/lib/plans/plan-work';
import { findDatabases } from '@/lib/server/config';
import { readPlans } from '@/lib/server/plans/read-plans';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { OMO_VERSION } from '../tools/omo-plugin';

interface OracleWork {
  workID: string;
  planName: string;
  status: string;
  active: boolean;
  sessionIDs: string[];
  endedAt: string | null;
  elapsedMs: number | null;
  tasks: { key: string; sessionID: string; status: string | null; elapsedMs: number | null }[];
}
interface Oracle {
  home: string;
  plans: Record<string, { total: number; completed: number; nextTaskLabel: string | null }>;
  works: Record<string, OracleWork[]>;
}

const fixture = fileURLToPath(new URL(`../fixtures/omo-${OMO_VERSION}/`, import.meta.url));
const oracle = JSON.parse(readFileSync(path.join(fixture, 'oracle.json'), 'utf8')) as Oracle;
const projects = Object.keys(oracle.works);

let root: string;
let plans: PlanView[];
let store: Store;
beforeAll(async () => {
  // The boulders name their plans by absolute path in the run's HOME: the copy takes its place.
  root = mkdtempSync(path.join(tmpdir(), 'sessionscope-omo-'));
  cpSync(fixture, root, { recursive: true });
  for (const project of projects) {
    const boulder = path.join(root, project, '.omo', 'boulder.json');
    writeFileSync(boulder, readFileSync(boulder, 'utf8').replaceAll(oracle.home, root));
  }
  const read = await readPlans(projects.map((p) => path.join(root, p)));
  expect(read.issues).toEqual([]);
  plans = read.plans;
  store = new Store(createReaders({ opencodeDir: path.join(root, 'opencode'), databases: findDatabases(path.join(root, 'opencode')) }));
  await store.start();
});
afterAll(() => {
  store?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

const planOf = (project: string, name: string) => plans.find((p) => p.projectDir === path.join(root, project) && p.planName === name);

describe(`oh-my-opencode ${OMO_VERSION} inside the real OpenCode`, () => {
  it("every plan's progress is the plugin's own count, its next task the plugin's", () => {
    expect(Object.keys(oracle.plans).length).toBeGreaterThan(1);
    for (const [file, plugin] of Object.entries(oracle.plans)) {
      const [project, name] = file.split('/') as [string, string];
      const plan = planOf(project, path.basename(name, '.md'));
      expect({ done: plan?.progress?.done, total: plan?.progress?.total, next: plan?.progress?.current?.text ?? null }, file).toEqual({
        done: plugin.completed,
        total: plugin.total,
        next: plugin.nextTaskLabel,
      });
    }
  });

  it('every work: status, end and elapsed time, sessions and tasks as the boulder says', () => {
    for (const [project, works] of Object.entries(oracle.works)) {
      for (const w of works) {
        const work = planOf(project, w.planName)?.work;
        expect(work, w.workID).toMatchObject({ workID: w.workID, status: w.status, active: w.active, sessionIDs: w.sessionIDs });
        expect(work?.endedAt ?? null).toBe(w.endedAt === null ? null : Date.parse(w.endedAt));
        expect(work?.elapsedMs ?? null).toBe(w.elapsedMs);
        expect((work?.tasks ?? []).map((t) => ({ key: t.key, sessionID: t.sessionID, status: t.status ?? null, elapsedMs: t.elapsedMs ?? null }))).toEqual(w.tasks);
      }
    }
    expect(Object.values(oracle.works).flat().some((w) => w.status === 'completed' && w.tasks.length > 0)).toBe(true);
  });

  it("each task's session is one OpenCode has: a subagent of the work's session", () => {
    for (const w of Object.values(oracle.works).flat()) {
      for (const t of w.tasks) expect(store.summaryMap().get(t.sessionID)?.parentID, t.key).toBe(w.sessionIDs[0]);
    }
  });
});
