import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startServer } from '../test/support/start-server';
import { launchChromium } from '../test/browser/support/chromium';
import { copyFixture } from '../test/browser/support/fixture-copy';

const data = copyFixture('opencode-1.18.33');
const gate = path.join(data.dir, 'release');
const server = await startServer({ opencodeDir: data.dir }, [], { SESSIONSCOPE_TEST_INDEX_GATE: gate });
const browser = await launchChromium();
const out = '/tmp/ui17-shots';
for (const [w, h] of [[1440, 900], [390, 844]] as const) {
  const page = await browser.newPage({ viewport: { width: w, height: h } });
  await page.goto(`${server.url}/`);
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `${out}/idx-overview-${w}.png`, fullPage: w > 500 });
  await page.goto(`${server.url}/sessions`);
  await page.locator('tbody tr').first().waitFor();
  await page.waitForTimeout(1000);
  await page.screenshot({ path: `${out}/idx-sessions-${w}.png` });
  const id = await page.locator('tbody tr').first().getAttribute('data-session-id');
  await page.goto(`${server.url}/sessions/${id}`);
  await page.waitForTimeout(3000);
  await page.screenshot({ path: `${out}/idx-session-${w}.png` });
  await page.close();
}
writeFileSync(gate, '');
await browser.close();
await server.stop();
data.remove();
