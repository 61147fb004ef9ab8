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

/**
 * The axe-core rules whose outcome depends on colours: all a switch of colour scheme can change on a
 * page whose scheme is CSS variables under prefers-color-scheme (the elements, names, roles and
 * layout stay as they were).
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** axe-core's serious and critical violations on the page as it is now (of the given rules only, else of all). */
export async function axeViolations(page: Page, rules?: string[]): Promise<AxeViolation[]> {
  // Evaluated over the debugging protocol: the page's Content-Security-Policy does not apply.
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<{ violations: { id: string; impact?: string; help: string; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'], ...(only ? { runOnly: { type: 'rule', values: only } } : {}) });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  }, rules);
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

/**
 * Presses Tab through the page from the top, checking every interactive element is reached and shows
 * focus. The page notes where each press left the focus (at the key's release, when the focus has
 * moved) and whether it shows: one round trip per press instead of two, with a look at what was
 * reached after as many presses as there are elements left to reach.
 */
export async function tabWalk(page: Page): Promise<TabWalk> {
  const count = await page.evaluate((selector) => {
    let n = 0;
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      const visible = el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden' && !el.closest('[inert], dialog:not([open])');
      el.removeAttribute('data-tab-id');
      if (visible) el.setAttribute('data-tab-id', String(n++));
    }
    const stops: { press: number; id: string; desc: string; visible: boolean }[] = [];
    let presses = 0;
    window.addEventListener('keyup', (event) => {
      if (event.key !== 'Tab') return;
      presses++;
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return;
      const style = getComputedStyle(el);
      const visible = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      stops.push({ press: presses, id: el.getAttribute('data-tab-id') ?? '', desc: `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${(el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"`, visible });
    }, true);
    (window as unknown as { tabStops: typeof stops }).tabStops = stops;
    window.scrollTo(0, 0);
    return n;
  }, FOCUSABLE);
  const reachedSoFar = () => page.evaluate(() => new Set((window as unknown as { tabStops: { id: string }[] }).tabStops.map((s) => s.id).filter(Boolean)).size);
  // Rows appear and controls unfold as focus moves: allow extra stops, stop once all were reached.
  const limit = count * 2 + 10;
  for (let pressed = 0, reached = 0; pressed < limit && reached < count; reached = await reachedSoFar()) {
    for (const end = Math.min(limit, pressed + count - reached); pressed < end; pressed++) await page.keyboard.press('Tab');
  }
  return page.evaluate(() => {
    const stops = (window as unknown as { tabStops: { press: number; id: string; desc: string; visible: boolean }[] }).tabStops;
    const reached = new Set(stops.map((s) => s.id).filter(Boolean));
    const described = [...document.querySelectorAll<HTMLElement>('[data-tab-id]')].map((el) => ({ id: el.getAttribute('data-tab-id')!, desc: `${el.tagName.toLowerCase()} "${(el.innerText || el.getAttribute('aria-label') || '').trim().slice(0, 30)}"` }));
    const chartStops = [...document.querySelectorAll<HTMLElement>('.chart *')].filter((el) => el.tabIndex >= 0).length;
    return {
      unreached: described.filter((d) => !reached.has(d.id)).map((d) => d.desc),
      invisibleFocus: [...new Set(stops.filter((s) => !s.visible).map((s) => s.desc))],
      chartStops,
      first: stops.find((s) => s.press === 1)?.desc ?? '',
    };
  });
}
