import { chromium } from 'playwright-core';
import { startServer } from './test/support/start-server';
const dash = await startServer({ opencodeDir: '/tmp/none-x', claudeDir: `${process.cwd()}/test/fixtures/claude-2.1.328/projects`, piDir: `${process.cwd()}/test/fixtures/pi-0.73.1/sessions` });
type S = { id: string; forkedFrom?: string; title: string; childCount: number; source: string };
let sessions: S[] = [];
for (let i = 0; i < 100 && sessions.length < 16; i++) { sessions = ((await (await fetch(`${dash.url}/api/sessions?limit=100`)).json()) as { sessions: S[] }).sessions; await new Promise((r) => setTimeout(r, 300)); }
console.log(sessions.map((s) => s.title));
const fork = sessions.find((s) => s.forkedFrom && s.source === 'claude')!;
const parent = sessions.find((s) => s.childCount > 0 && s.title.includes('c-task'))!;
const failed = sessions.find((s) => s.title.includes('c-fail'))!;
const pifork = sessions.find((s) => s.forkedFrom && s.source === 'pi')!;
try {
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const [name, id] of [['fork', fork.id], ['original', fork.forkedFrom!], ['task', parent.id], ['failed', failed.id], ['pifork', pifork.id]] as const) {
  for (const [vw, vh, scheme] of [[1440, 900, 'light'], [390, 844, 'dark']] as const) {
    const page = await browser.newPage({ viewport: { width: vw, height: vh }, colorScheme: scheme });
    await page.goto(`${dash.url}/sessions/${encodeURIComponent(id)}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/agents-shots/${name}-${vw}-${scheme}.png`, fullPage: true });
    await page.close();
  }
}
await browser.close();
} finally { await dash.stop(); }
console.log('done', fork.id, parent.id);
