// Issue 14, items 2-4, with the real `opencode serve` 1.18.33 and the scripted model: Sessionscope
// follows OpenCode's own server (--opencode-url) beside the disk. Streamed text shows on the page
// before it is on disk; a permission request is its own status, "needs your approval", and clears
// when the TEST grants it through OpenCode's API (Sessionscope only ever sends GET requests); a
// task card shows what the subagent does while it runs; desktop notifications come once per event;
// and once the disk caught up, statuses equal those of a dashboard with no server at all.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDatabases } from '@/lib/server/config';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import type { SessionSummary } from '@/lib/sessions/session-summary';
import { HAS_CHROMIUM, launchChromium } from '../browser/support/chromium';
import { startServer, type StartedServer } from '../support/start-server';
import { startModelServer, type ModelServer, type Reply } from '../tools/model-server';
import { startServe, type OpencodeServe } from '../tools/opencode-serve';
import { createHome, createProject, dataDirOf, MODELS, PROVIDER_ID, removeDir } from '../tools/run-opencode';
import { bash, task } from '../tools/scenarios';
import { LIVE_REPEAT, sleep, waitFor } from './live-repeat';

const VERSION = '1.18.33';
const WORDS = Array.from({ length: 80 }, (_, i) => `word${i}`).join(' ');

/** Scripted replies by the marker of the session's first prompt; `[i]` answers the i-th model step. */
const REPLIES: Record<string, Reply[]> = {
  // About 8 s of text: 6 characters every 100 ms.
  '[lv:slow]': [{ type: 'stream', text: `Streaming slowly: ${WORDS}.`, chunkSize: 6, delayMs: 100, usage: { prompt: 1_000, completion: 400 } }],
  '[lv:perm]': [
    { type: 'stream', text: 'Listing the files.', toolCalls: [bash('ls -la', 'List files')], usage: { prompt: 1_000, completion: 20 } },
    { type: 'stream', text: 'Listed.', usage: { prompt: 1_100, completion: 5 } },
  ],
  '[lv:task]': [
    { type: 'stream', text: 'Delegating.', toolCalls: [task('Sleep in a child', '[lv:child] Sleep, then report.')], usage: { prompt: 1_000, completion: 20 } },
    { type: 'stream', text: 'The child is done.', usage: { prompt: 1_200, completion: 10 } },
  ],
  '[lv:child]': [
    { type: 'stream', text: 'Sleeping.', toolCalls: [bash('sleep 6', 'Sleep six seconds')], usage: { prompt: 500, completion: 10 } },
    { type: 'stream', text: 'Slept.', usage: { prompt: 600, completion: 5 } },
  ],
};

interface OcEvent {
  type: string;
  properties: Record<string, unknown>;
  at: number;
}

const cleanups: (() => Promise<void>)[] = [];
let model: ModelServer;
let opencode: OpencodeServe;
let dash: StartedServer;
let dataDir: string;
let browser: Browser | undefined;
let context: BrowserContext | undefined;
let page: Page | undefined;
/** Notifications the page made (the stubbed constructor reports them here). */
const notifications: { title: string; tag?: string }[] = [];
/** OpenCode's own event stream, as the test sees it (to know when OpenCode sent something). */
const ocEvents: OcEvent[] = [];
/** Figures reported at the end. */
const measured: Record<string, number[]> = { streamMs: [], approvalMs: [], taskMs: [] };

afterAll(async () => {
  console.log(`[live] first streamed words on the page after OpenCode sent them (ms): ${measured.streamMs?.join(', ')}`);
  console.log(`[live] "needs your approval" after OpenCode asked (ms): ${measured.approvalMs?.join(', ')}`);
  console.log(`[live] the child's running tool on the task card after OpenCode started it (ms): ${measured.taskMs?.join(', ')}`);
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function sessions(): Promise<SessionSummary[]> {
  const response = await fetch(`${dash.url}/api/sessions?limit=500`);
  return ((await response.json()) as { sessions: SessionSummary[] }).sessions;
}
const statusOf = async (id: string) => (await sessions()).find((s) => s.id === id)?.status;

const body = (text: string) => ({ model: { providerID: PROVIDER_ID, modelID: MODELS.large.id }, parts: [{ type: 'text', text }] });
async function prompt(marker: string): Promise<string> {
  const { id } = await opencode.request<{ id: string }>('POST', '/session', {});
  await opencode.request('POST', `/session/${id}/prompt_async`, body(`${marker} go`));
  return id;
}

function followOpencode(url: string): () => void {
  const abort = new AbortController();
  void (async () => {
    const response = await fetch(`${url}/event`, { signal: abort.signal });
    const decoder = new TextDecoder();
    let buffer = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const line = buffer.slice(0, end).replace(/^data: /, '');
        buffer = buffer.slice(end + 2);
        try {
          const event = JSON.parse(line) as Omit<OcEvent, 'at'>;
          ocEvents.push({ ...event, at: Date.now() });
        } catch {
          // keep-alives
        }
      }
    }
  })().catch(() => undefined);
  return () => abort.abort();
}

const firstEvent = (match: (e: OcEvent) => boolean) => ocEvents.find(match);

describe.skipIf(!HAS_CHROMIUM)(`live: Sessionscope following real OpenCode ${VERSION}'s server`, () => {
  beforeAll(async () => {
    model = await startModelServer((request, ctx) => {
      const marker = /\[lv:\w+\]/.exec(ctx.firstUserText)?.[0];
      return marker ? REPLIES[marker]?.[ctx.turn] : undefined;
    });
    cleanups.push(() => model.close());
    const home = await createHome('sessionscope-server-live-');
    cleanups.push(() => removeDir(home));
    dataDir = dataDirOf(home);
    mkdirSync(dataDir, { recursive: true });
    const project = await createProject(home, 'server-live', model.url);
    // `ls` waits for the person's approval; everything else runs.
    const configFile = path.join(project, 'opencode.json');
    const config = JSON.parse(readFileSync(configFile, 'utf8')) as { permission: Record<string, unknown> };
    config.permission = { ...config.permission, bash: { '*': 'allow', 'ls *': 'ask' } };
    writeFileSync(configFile, JSON.stringify(config, null, 2));

    opencode = await startServe({ version: VERSION, home, cwd: project });
    cleanups.push(() => opencode.stop());
    const unfollow = followOpencode(opencode.url);
    cleanups.push(async () => unfollow());
    [dash, browser] = await Promise.all([startServer({ opencodeDir: dataDir }, ['--opencode-url', opencode.url, '--no-opencode-discovery']), launchChromium()]);
    cleanups.push(() => dash.stop());
    cleanups.push(async () => browser?.close());
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['notifications'], { origin: dash.url });
    await context.exposeBinding('__recordNotification', (_source, title: string, tag?: string) => void notifications.push({ title, tag }));
    await context.addInitScript(() => {
      const record = (window as unknown as { __recordNotification: (title: string, tag?: string) => void }).__recordNotification;
      class CountingNotification {
        static permission = 'granted';
        static requestPermission = () => Promise.resolve('granted');
        onclick: unknown = null;
        constructor(title: string, options?: { tag?: string }) {
          record(title, options?.tag);
        }
      }
      (window as unknown as { Notification: unknown }).Notification = CountingNotification;
    });
    page = await context.newPage();
    await waitFor('the server listed in /api/health', async () => {
      const health = (await (await fetch(`${dash.url}/api/health`)).json()) as { opencodeServers: { servers: { url: string; state: string; version?: string }[] } };
      return health.opencodeServers.servers.find((s) => s.url === opencode.url && s.state === 'connected' && s.version === VERSION);
    });
  });

  it('lists the server on the Diagnostics page', async () => {
    if (!page) throw new Error('no page');
    await page.goto(`${dash.url}/diagnostics`);
    await expect.poll(() => page?.locator('[data-testid="opencode-servers"]').innerText()).toContain(opencode.url);
    expect(await page.locator('[data-testid="opencode-servers"]').innerText()).toContain('following');
  });

  it('shows a reply streaming onto the page as OpenCode sends it, then the stored text', { timeout: 120_000 * LIVE_REPEAT }, async () => {
    if (!page) throw new Error('no page');
    for (let round = 1; round <= LIVE_REPEAT; round++) {
      const { id } = await opencode.request<{ id: string }>('POST', '/session', {});
      await waitFor('the new session on the dashboard', async () => (await sessions()).some((s) => s.id === id));
      await page.goto(`${dash.url}/sessions/${id}`);
      await opencode.request('POST', `/session/${id}/prompt_async`, body('[lv:slow] go'));
      const streamed = page.locator('[data-testid="streaming-text"]', { hasText: 'word0' });
      await streamed.waitFor({ timeout: 20_000 });
      const shownAt = Date.now();
      const sent = firstEvent((e) => e.type === 'message.part.delta' && e.properties.sessionID === id);
      const ended = firstEvent((e) => e.type === 'message.part.updated' && (e.properties.part as { sessionID?: string; type?: string; time?: { end?: number } }).sessionID === id && (e.properties.part as { type?: string }).type === 'text' && Boolean((e.properties.part as { time?: { end?: number } }).time?.end));
      // The words came while the reply was still streaming (about 8 s), not when it landed on disk.
      expect(sent, 'OpenCode streamed the reply').toBeDefined();
      expect(ended, `round ${round}: the page showed words only after the reply ended`).toBeUndefined();
      measured.streamMs?.push(shownAt - (sent?.at ?? shownAt));
      expect((await statusOf(id))?.status).toBe('busy');
      // The stored part replaces the streamed one when it lands: the whole text, no streaming mark.
      await page.locator('[data-testid="timeline"]', { hasText: 'word79' }).first().waitFor({ timeout: 30_000 });
      await expect.poll(() => page?.locator('[data-testid="streaming-text"]').count(), { timeout: 30_000 }).toBe(0);
      await waitFor('the turn ended', async () => (await statusOf(id))?.status === 'waiting-for-user');
    }
  });

  it('shows "needs your approval" while a permission waits, notifies once per event, and clears when OpenCode is answered', { timeout: 120_000 * LIVE_REPEAT }, async () => {
    if (!page) throw new Error('no page');
    await page.goto(`${dash.url}/`);
    await page.locator('[data-testid="notify-toggle"]').click();
    await expect.poll(() => page?.locator('[data-testid="notify-toggle"]').getAttribute('aria-pressed')).toBe('true');
    // What already needed you when it was switched on is no news.
    await sleep(1_000);
    expect(notifications).toEqual([]);
    for (let round = 1; round <= LIVE_REPEAT; round++) {
      const before = notifications.length;
      const id = await prompt('[lv:perm]');
      const status = await waitFor('needs your approval', async () => {
        const s = await statusOf(id);
        return s?.status === 'needs-approval' && s;
      }, 30_000, 50);
      const shownAt = Date.now();
      const asked = firstEvent((e) => e.type === 'permission.asked' && e.properties.sessionID === id);
      measured.approvalMs?.push(shownAt - (asked?.at ?? shownAt));
      expect(status.reason).toBe('Needs your approval: bash ls -la');
      await page.locator('[data-testid="waiting-count"]').waitFor();
      await expect.poll(() => notifications.slice(before).map((n) => n.title)).toEqual([expect.stringMatching(/^Needs your approval: /)]);

      // The test, not Sessionscope, answers OpenCode.
      const pending = await opencode.request<{ id: string; sessionID: string }[]>('GET', '/permission');
      const request = pending.find((p) => p.sessionID === id);
      if (!request) throw new Error(`no pending permission for ${id}: ${JSON.stringify(pending)}`);
      await opencode.request('POST', `/permission/${request.id}/reply`, { reply: 'once' });
      await waitFor('the turn ended after the approval', async () => (await statusOf(id))?.status === 'waiting-for-user', 30_000);
      await expect.poll(() => notifications.slice(before).map((n) => n.title)).toEqual([expect.stringMatching(/^Needs your approval: /), expect.stringMatching(/^Waiting for you: /)]);
      // A reload tells nothing again.
      await page.reload();
      await page.locator('[data-testid="notify-toggle"][aria-pressed="true"]').waitFor();
      await sleep(1_500);
      expect(notifications.length - before, `round ${round}: one notification per event`).toBe(2);
    }
  });

  it('shows on the task card what the subagent does while it runs, then what it took', { timeout: 120_000 * LIVE_REPEAT }, async () => {
    if (!page) throw new Error('no page');
    for (let round = 1; round <= LIVE_REPEAT; round++) {
      const roundStart = Date.now();
      // The page is open before the prompt is sent, as a person watching would have it: the child's
      // `sleep 6` is a six-second window, and a page load on a busy machine must not eat it.
      const { id } = await opencode.request<{ id: string }>('POST', '/session', {});
      await waitFor('the parent session on the dashboard', async () => (await sessions()).some((s) => s.id === id));
      await page.goto(`${dash.url}/sessions/${id}`);
      await opencode.request('POST', `/session/${id}/prompt_async`, body('[lv:task] go'));
      const card = page.locator('[data-testid="task-child"]');
      const running = card.locator('[data-testid="task-child-activity"]', { hasText: 'running bash: sleep 6' });
      await running.waitFor({ timeout: 30_000 }).catch(async (error: unknown) => {
        const shown = await card.allInnerTexts().catch(() => []);
        const bashRan = ocEvents.filter((e) => e.type === 'message.part.updated' && (e.properties.part as { tool?: string }).tool === 'bash').map((e) => `${(e.properties.part as { state?: { status?: string } }).state?.status}@${e.at}`);
        throw new Error(`round ${round}: the card never showed the child running its sleep; it showed ${JSON.stringify(shown)}; OpenCode's bash part events: ${bashRan.join(', ')}`, { cause: error });
      });
      const shownAt = Date.now();
      const started = ocEvents.find((e) => e.type === 'message.part.updated' && (e.properties.part as { tool?: string; state?: { status?: string } }).tool === 'bash' && (e.properties.part as { state?: { status?: string } }).state?.status === 'running' && (e.properties.part as { sessionID?: string }).sessionID !== id && e.at > roundStart);
      measured.taskMs?.push(shownAt - (started?.at ?? shownAt));
      const childId = await card.getAttribute('data-child-id');
      expect(childId).toMatch(/^ses_/);
      expect(await card.locator(`a[data-session-link="${childId}"]`).innerText()).toContain('Sleep in a child');
      await card.locator('[data-testid="task-child-activity"]', { hasText: 'finished' }).waitFor({ timeout: 30_000 });
      expect(await card.innerText()).toMatch(/tokens/);
      await waitFor('the parent turn ended', async () => (await statusOf(id))?.status === 'waiting-for-user', 30_000);
      expect(await page.locator('main').innerText()).not.toContain('<task id=');
    }
  });

  it('agrees with a dashboard that has no server once the disk caught up', async () => {
    await sleep(2_000);
    const live = new Map((await sessions()).map((s) => [s.id, s.status.status]));
    const cold = new Store(createReaders({ opencodeDir: dataDir, databases: findDatabases(dataDir) }));
    await cold.start();
    const fromDisk = new Map([...cold.summaryMap().values()].map((s) => [s.id, s.status.status]));
    cold.stop();
    expect(live.size).toBeGreaterThan(2);
    expect(Object.fromEntries(live)).toEqual(Object.fromEntries(fromDisk));
  });
});
