// The overview's five-hour block as a person sees it: a Claude Code history whose last hour is a
// running block; its spend, tokens, burn rate and projection are ccusage's (blocks --json on the
// same files), and a limit set in the browser is kept and measured against, at 1440 and 390 px.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ActiveBlockResponse } from '@/lib/blocks/active-block-response';
import { formatCost } from '@/lib/format/format-cost';
import { formatTokens } from '@/lib/format/format-tokens';
import type { Dashboard } from '../support/start-dashboard';
import { writeClaudeHistory } from '../support/claude-history';
import { getJson } from './support/api';
import { openBrowserDashboard, type BrowserDashboard } from './support/browser-dashboard';
import { HAS_CHROMIUM, type PageWatch } from './support/chromium';
import { saveScreenshot } from './support/screenshots';

const exec = promisify(execFile);
const ccusageBin = fileURLToPath(new URL('../../node_modules/.bin/ccusage', import.meta.url));
const MINUTE = 60_000;

interface TheirBlock {
  isActive: boolean;
  entries: number;
  totalTokens: number;
  costUSD: number;
  endTime: string;
  burnRate: { costPerHour: number } | null;
}

describe.skipIf(!HAS_CHROMIUM)('the overview: the five-hour block running now', () => {
  let work: string;
  let opened: BrowserDashboard | undefined;
  let dashboard: Dashboard;
  let page: Page;
  let watch: PageWatch;
  let theirs: TheirBlock;

  beforeAll(async () => {
    work = mkdtempSync(path.join(tmpdir(), 'sessionscope-active-block-'));
    const now = Date.now();
    writeClaudeHistory(path.join(work, 'claude'), [now - 26 * 60 * MINUTE, now - 50 * MINUTE, now - 30 * MINUTE, now - 5 * MINUTE]);
    const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: work, CLAUDE_CONFIG_DIR: path.join(work, 'claude'), NO_COLOR: '1' };
    const { stdout } = await exec(ccusageBin, ['blocks', '--json', '--offline'], { env: env as NodeJS.ProcessEnv, timeout: 60_000 });
    theirs = (JSON.parse(stdout) as { blocks: TheirBlock[] }).blocks.find((b) => b.isActive)!;
    opened = await openBrowserDashboard({ opencodeDir: path.join(work, 'none'), claudeDir: path.join(work, 'claude', 'projects') });
    ({ dashboard, page, watch } = opened);
  });
  afterAll(async () => {
    await opened?.close();
    rmSync(work, { recursive: true, force: true });
  });

  const card = () => page.locator('#active-block');
  const noOverflow = () => page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth);

  it("shows ccusage's active block: spend, tokens, burn rate, its end", async () => {
    expect(theirs).toBeDefined();
    const api = await getJson<ActiveBlockResponse>(`${dashboard.url}/api/blocks`);
    expect(api.block!.totalTokens).toBe(theirs.totalTokens);
    expect(api.block!.cost).toBeCloseTo(theirs.costUSD, 9);
    expect(api.block!.end).toBe(Date.parse(theirs.endTime));
    expect(api.block!.burnRate!.costPerHour).toBeCloseTo(theirs.burnRate!.costPerHour, 6);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${dashboard.url}/`);
    await expect.poll(() => card().getByTestId('block-cost').innerText()).toContain(formatCost(theirs.costUSD));
    expect(await card().getByTestId('block-tokens').innerText()).toContain(formatTokens(theirs.totalTokens));
    expect(await card().getByTestId('block-rate').innerText()).toContain(`${formatCost(theirs.burnRate!.costPerHour)}/h`);
    expect(await card().getByTestId('block-projection').innerText()).toMatch(/\$\d/);
    expect(await card().getByTestId('block-window').innerText()).toMatch(new RegExp(`\\d\\d:00 – \\d\\d:00 · .* left · ${theirs.entries} replies`));
  });

  it('keeps the limit a person sets in the browser and measures the block and its projection against it', async () => {
    await page.goto(`${dashboard.url}/`);
    await card().getByTestId('block-cost').waitFor();
    expect(await card().innerText()).toContain('Set a limit');
    await card().getByLabel('Limit', { exact: true }).fill('0.10');
    await card().getByRole('button', { name: 'Set' }).click();
    await expect.poll(() => card().getByTestId('block-limit').getAttribute('data-level')).toBe('exceeds');
    expect(await card().getByTestId('block-limit').innerText()).toContain('of $0.100');
    await page.reload();
    await expect.poll(() => card().getByTestId('block-limit').getAttribute('data-level')).toBe('exceeds');
    await card().getByLabel('Limit unit').selectOption('tokens');
    await card().getByLabel('Limit', { exact: true }).fill('1000000000');
    await card().getByRole('button', { name: 'Set' }).click();
    await expect.poll(() => card().getByTestId('block-limit').getAttribute('data-level')).toBe('ok');
    expect(await card().getByTestId('block-limit').innerText()).toMatch(/tokens of 1B tokens \(0%\)/);
    await card().getByLabel('Limit', { exact: true }).fill('400000');
    await card().getByRole('button', { name: 'Set' }).click();
    await expect.poll(() => card().getByTestId('block-limit').getAttribute('data-level')).not.toBe('ok');
  });

  it.each([
    [1440, 'light'],
    [1440, 'dark'],
    [390, 'light'],
    [390, 'dark'],
  ] as const)('fits %i px (%s): nothing wider than the window', async (width, scheme) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${dashboard.url}/`);
    await card().getByTestId('block-limit').waitFor();
    expect(await noOverflow()).toBe(true);
    const box = await card().boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await card().scrollIntoViewIfNeeded();
    await card().screenshot({ path: path.join(path.dirname(await saveScreenshot(page, `overview-active-block-${width}-${scheme}`)), `overview-active-block-card-${width}-${scheme}.png`) });
    await page.emulateMedia({ colorScheme: 'light' });
    expect(watch.errors).toEqual([]);
    expect(watch.foreignRequests).toEqual([]);
  });
});
