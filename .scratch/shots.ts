// Scratch: start the dashboard on the matrix data and screenshot pages; keeps running for manual looks.
import { cpSync, mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDashboard } from '../test/support/start-dashboard';
import { writeLongSession } from '../test/support/write-long-session';
import { launchChromium } from '../test/browser/support/chromium';
import { fixturePath } from '../test/browser/support/fixture-copy';

const root = mkdtempSync(path.join(os.tmpdir(), 'ui17-shots-'));
for (const [from, to] of [['opencode-1.18.33', 'opencode'], ['pi/sessions', 'pi'], ['claude/projects', 'claude'], ['plans/v2-both', 'shop'], ['plans/v1-snake', 'auth']] as const) cpSync(fixturePath(from), path.join(root, to), { recursive: true });
const long = writeLongSession(path.join(root, 'opencode'));
const dashboard = await startDashboard({ opencodeDir: path.join(root, 'opencode'), piDir: path.join(root, 'pi'), claudeDir: path.join(root, 'claude'), projects: [path.join(root, 'shop'), path.join(root, 'auth')] });
writeFileSync('/tmp/ui17-url', dashboard.url);
console.log(dashboard.url, long.id);
const api = (await (await fetch(`${dashboard.url}/api/sessions?limit=1000`)).json()) as { sessions: { id: string; source: string; childCount: number; messageCount: number }[] };
const real = api.sessions.filter((s) => s.source === 'opencode-sqlite').sort((a, b) => b.childCount - a.childCount || b.messageCount - a.messageCount)[0]!;
const pages = [
  ['overview', '/'],
  ['sessions', '/sessions'],
  ['session', `/sessions/${real.id}`],
  ['long-session', `/sessions/${long.id}`],
  ['plans', '/plans'],
  ['search', '/search?q=scenario'],
  ['diagnostics', '/diagnostics'],
] as const;
const only = process.env.PAGES?.split(',');
const browser = await launchChromium();
const out = '/tmp/ui17-shots';
mkdirSync(out, { recursive: true });
for (const [w, h] of (process.env.SIZES === 'phone' ? [[390, 844]] : process.env.SIZES === 'desktop' ? [[1440, 900]] : [[1440, 900], [390, 844]]) as [number, number][]) {
  for (const scheme of (process.env.SCHEMES?.split(',') ?? ['light', 'dark']) as ('light' | 'dark')[]) {
    const context = await browser.newContext({ viewport: { width: w, height: h }, colorScheme: scheme });
    for (const [name, p] of pages) {
      if (only && !only.includes(name)) continue;
      const page = await context.newPage();
      const t = Date.now();
      try {
        await page.goto(`${dashboard.url}${p}`, { timeout: 60_000 });
        await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 60_000 });
        await page.waitForTimeout(1500);
        if (w > 500 || process.env.FULL) await page.screenshot({ path: `${out}/${name}-${w}-${scheme}.png`, fullPage: name !== 'long-session' });
        else {
          const height = name === 'long-session' ? h : await page.evaluate(() => document.documentElement.scrollHeight);
          for (let y = 0, n = 0; y < height && n < 6; y += h - 40, n++) {
            await page.evaluate((top) => window.scrollTo(0, top), y);
            await page.waitForTimeout(200);
            await page.screenshot({ path: `${out}/${name}-${w}-${scheme}-${n}.png` });
          }
        }
        console.log(name, w, scheme, Date.now() - t, 'ms');
      } catch (e) {
        console.log(name, w, scheme, 'FAILED', (e as Error).message.split('\n')[0]);
      }
      await page.close();
    }
    await context.close();
  }
}
await browser.close();
if (!process.env.KEEP) {
  await dashboard.stop();
  process.exit(0);
}
