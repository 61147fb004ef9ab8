// Prices the user configured in opencode.json: the real-OpenCode fixture's `scripted` provider is
// unknown to models.dev ("API: unpriced"); with the same opencode.json the fixture was generated
// with as the global config, its models are priced at the config's rates, the hover names the
// file, the context window has its configured limit, and editing the file reprices.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatPercent } from '@/lib/format/format-tokens';
import { startServer, type StartedServer } from '../support/start-server';
import { MODELS, opencodeConfig } from '../tools/run-opencode';
import { allSessions } from './support/api';
import { HAS_CHROMIUM, launchChromium } from './support/chromium';
import { copyFixture, hasFixture } from './support/fixture-copy';

const FIXTURE = 'opencode-1.18.33';
const LARGE = `scripted/${MODELS.large.id}`;
const MYSTERY = `scripted/${MODELS.mystery.id}`;

describe.skipIf(!HAS_CHROMIUM || !hasFixture(FIXTURE))('prices from opencode.json', () => {
  let data: { dir: string; remove(): void };
  let configHome: string;
  let configFile: string;
  let server: StartedServer;
  let browser: Browser;

  beforeAll(async () => {
    data = copyFixture(FIXTURE);
    configHome = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-config-'));
    configFile = path.join(configHome, 'opencode', 'opencode.json');
    mkdirSync(path.dirname(configFile));
    // As the fixture's generator wrote it (the model server's address does not matter here), as JSONC.
    writeFileSync(configFile, `// global config\n${JSON.stringify(opencodeConfig('http://127.0.0.1:9'), null, 2)}\n`);
    server = await startServer({ opencodeDir: data.dir }, [], { XDG_CONFIG_HOME: configHome });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    data?.remove();
    rmSync(configHome, { recursive: true, force: true });
  });

  it('prices the configured model at the config price, names the file, and reprices when it changes', async () => {
    const ready = async () => {
      for (;;) {
        const api = await allSessions(server.url);
        if ((api as { index?: { phase: string } } & typeof api).index?.phase === 'ready') return api;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    };
    const api = await ready();
    const large = api.sessions.filter((s) => s.models.includes(LARGE) && s.cost > 0);
    expect(large.length).toBeGreaterThan(0);
    for (const s of large) {
      // OpenCode stored its cost at the same config prices: the API figure agrees, nothing is unpriced.
      expect(s.unpricedModels).not.toContain(LARGE);
      expect(s.computedCost).toBeCloseTo(s.cost, 6);
      expect(s.configPriced).toEqual([`${LARGE} (${configFile})`]);
    }
    const withContext = large.find((s) => s.contextUse?.model === LARGE);
    expect(withContext?.contextUse?.limit).toBe(200_000);
    // A model with a limit but no price in the config, unknown to models.dev: unpriced, yet its context is known.
    const mystery = api.sessions.find((s) => s.contextUse?.model === MYSTERY);
    expect(mystery?.contextUse?.limit).toBe(200_000);
    expect(mystery?.unpricedModels).toContain(MYSTERY);

    const session = large[0]!;
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${server.url}/sessions/${session.id}`);
    const priced = page.locator('[title*="Priced from opencode.json"]').first();
    await priced.waitFor();
    expect(await priced.getAttribute('title')).toContain(`${LARGE} (${configFile})`);
    expect(await page.locator('main').innerText()).not.toContain('API: unpriced');
    await page.goto(`${server.url}/sessions`);
    const meter = page.locator(`tr[data-session-id="${mystery!.id}"] [data-col="context"] .context-meter`);
    await meter.waitFor();
    expect(await meter.getAttribute('data-level')).not.toBe('unknown');
    expect(await meter.innerText()).toBe(formatPercent(mystery!.contextUse!.used / 200_000));

    // Twice the price in the file: the figures follow without a restart (the file is polled).
    const doubled = opencodeConfig('http://127.0.0.1:9') as { provider: { scripted: { models: Record<string, { cost?: Record<string, number> }> } } };
    const cost = doubled.provider.scripted.models[MODELS.large.id]!.cost!;
    for (const key of Object.keys(cost)) cost[key] = cost[key]! * 2;
    writeFileSync(configFile, JSON.stringify(doubled));
    await expect
      .poll(async () => (await allSessions(server.url)).sessions.find((s) => s.id === session.id)?.computedCost, { timeout: 30_000, interval: 500 })
      .toBeCloseTo(session.cost * 2, 6);
  });
});
