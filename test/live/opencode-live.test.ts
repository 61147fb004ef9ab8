import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { openEventStream } from '../support/sse-client';
import { withColdStore } from '../support/cold-store';
import { startServer, type StartedServer } from '../support/start-server';
import { startModelServer } from '../tools/model-server';
import { createHome, createProject, dataDirOf, MODELS, removeDir, runPrompt } from '../tools/run-opencode';
import { liveScenarios } from '../tools/scenarios';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

interface Observed {
  statuses: Set<string>;
  runningTools: Set<string>;
  activityTools: Set<string>;
  childSeenUnderParent: boolean;
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  return (await response.json()) as T;
}

/** Watches the dashboard's API while OpenCode writes, recording what a person would have seen. */
function observe(dash: StartedServer, observed: Observed): { stop(): Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      const { sessions } = await getJson<{ sessions: SessionSummary[] }>(`${dash.url}/api/sessions?limit=50`).catch(() => ({ sessions: [] as SessionSummary[] }));
      const root = sessions.find((s) => !s.parentID);
      if (root) {
        observed.statuses.add(root.status.status);
        if (root.status.activity?.kind === 'tool') observed.activityTools.add(root.status.activity.tool);
        const detail = await getJson<{ turns?: { assistant: { parts: { type: string; tool?: string; status?: string }[] }[] }[]; children?: SessionSummary[] }>(`${dash.url}/api/sessions/${root.id}`).catch(() => ({}) as { turns?: undefined; children?: undefined });
        for (const turn of detail.turns ?? []) for (const m of turn.assistant) for (const p of m.parts) if (p.type === 'tool' && p.status === 'running' && p.tool) observed.runningTools.add(p.tool);
        if ((detail.children ?? []).some((c) => c.parentID === root.id)) observed.childSeenUnderParent = true;
      }
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}

const comparable = (s: SessionSummary) => ({ id: s.id, parentID: s.parentID, messageCount: s.messageCount, cost: s.cost, tokens: s.tokens, total: { ...s.total, lastActivity: undefined }, childCount: s.childCount });

describe.each(['1.18.33', '1.1.65'])('live: the dashboard watching real OpenCode %s', (version) => {
  it('shows the session appear, go busy, run its tool, spawn a subagent, and end waiting for the user', { timeout: 240_000 }, async () => {
    const model = await startModelServer(liveScenarios(150));
    cleanups.push(() => model.close());
    const home = await createHome();
    cleanups.push(() => removeDir(home));
    const dataDir = dataDirOf(home);
    mkdirSync(dataDir, { recursive: true });
    const project = await createProject(home, 'live', model.url);
    const dash = await startServer({ opencodeDir: dataDir });
    cleanups.push(() => dash.stop());
    const stream = openEventStream(`${dash.url}/api/events`);
    cleanups.push(async () => stream.close());
    await stream.opened;

    const observed: Observed = { statuses: new Set(), runningTools: new Set(), activityTools: new Set(), childSeenUnderParent: false };
    const watcher = observe(dash, observed);
    const run = await runPrompt({ version, home, project, model: MODELS.large, prompt: '[ssc:live] Work slowly, run a command, then delegate.', timeoutMs: 180_000 });
    expect(run.code, run.stderr).toBe(0);

    let final: SessionSummary[] = [];
    for (let i = 0; i < 50; i++) {
      final = (await getJson<{ sessions: SessionSummary[] }>(`${dash.url}/api/sessions?limit=50`)).sessions;
      if (final.find((s) => !s.parentID)?.status.status === 'waiting-for-user') break;
      await sleep(200);
    }
    await watcher.stop();

    const changeEvents = stream.events.filter((e) => e.event === 'change');
    expect(changeEvents.length).toBeGreaterThan(3);
    const ids = changeEvents.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(observed.statuses).toContain('busy');
    expect(observed.runningTools).toContain('bash');
    expect(observed.activityTools.has('bash') || observed.activityTools.has('task')).toBe(true);
    expect(observed.childSeenUnderParent).toBe(true);

    const root = final.find((s) => !s.parentID);
    expect(root?.status.status).toBe('waiting-for-user');
    expect(final.some((s) => s.parentID === root?.id)).toBe(true);

    const coldList = await withColdStore(dataDir, (cold) => [...cold.summaryMap().values()].map(comparable).sort((a, b) => a.id.localeCompare(b.id)));
    expect(final.map(comparable).sort((a, b) => a.id.localeCompare(b.id))).toEqual(coldList);
  });
});
