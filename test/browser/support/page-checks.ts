import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated over the debugging protocol: the page's Content-Security-Policy does not apply.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact?: string; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  });
}

/** How far the page scrolls sideways (0 when it fits the window). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.scrollingElement!.scrollWidth - window.innerWidth);
}

/**
 * Table cells and stat cards cut without saying so: one past the window's right edge, or one whose
 * content overflows it (spills out of its box) without an ellipsis and a title holding the whole text.
 */
export function clippedCells(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const cell of document.querySelectorAll<HTMLElement>('main td, main th, main .stat')) {
      const rect = cell.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const text = cell.innerText.trim().slice(0, 40);
      if (rect.right > window.innerWidth + 1 || rect.left < -1) {
        out.push(`outside the window: "${text}"`);
        continue;
      }
      if (cell.scrollWidth > cell.clientWidth + 1) {
        const style = getComputedStyle(cell);
        if (style.textOverflow !== 'ellipsis' || !cell.title) out.push(`cut: "${text}" (${cell.scrollWidth} > ${cell.clientWidth})`);
      }
    }
    return out;
  });
}

/** Elements a keyboard user must be able to reach: visible, enabled, in the tab order. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

export interface TabWalk {
  /** Interactive elements Tab never reached (described). */
  unreached: string[];
  /** Elements that took focus without a visible focus indicator. */
  invisibleFocus: string[];
  /** Elements inside charts that took a Tab stop. */
  chartStops: number;
  /** What the first Tab focused. */
  first: string;
}

/** Presses Tab through the page from the top, checking every interactive element is reached and shows focus. */
export async function tabWalk(page: Page): Promise<TabWalk> {
  const count = await page.evaluate((selector) => {
    let n = 0;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const visible = el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[inert], dialog:not([open])');
      el.removeAttribute('data-tab-id');
      if (visible) el.setAttribute('data-tab-id', String(n++));
    }
    window.scrollTo(0, 0);
    return n;
  }, FOCUSABLE);
  const reached = new Set<string>();
  const invisibleFocus: string[] = [];
  let first = '';
  // Rows appear and controls unfold as focus moves: allow extra stops, stop once all were reached.
  for (let i = 0; i < count * 2 + 10 && reached.size < count; i++) {
    await page.keyboard.press('Tab');
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return undefined;
      const style = getComputedStyle(el);
      const visible = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      return { id: el.getAttribute('data-tab-id') ?? '', desc: `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${(el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`, visible };
    });
    if (!info) continue;
    if (i === 0) first = info.desc;
    if (info.id) reached.add(info.id);
    if (!info.visible) invisibleFocus.push(info.desc);
  }
  const described = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[data-tab-id]')].map((el) => ({ id: el.getAttribute('data-tab-id')!, desc: `${el.tagName.toLowerCase()} "${(el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"` })),
  );
  const chartStops = await page.evaluate(() => [...document.querySelectorAll<HTMLElement>('.chart *')].filter((el) => el.tabIndex >= 0).length);
  return { unreached: described.filter((d) => !reached.has(d.id)).map((d) => d.desc), invisibleFocus: [...new Set(invisibleFocus)], chartStops, first };
}
