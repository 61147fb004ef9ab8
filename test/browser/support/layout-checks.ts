import type { Page } from 'playwright-core';

/** Elements (by selector) not wholly on screen below the sticky app header: described. */
export function offScreen(page: Page, selectors: string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const headerBottom = document.querySelector('.app-header')?.getBoundingClientRect().bottom ?? 0;
    return list.filter((selector) => {
      const r = document.querySelector(selector)?.getBoundingClientRect();
      return !r || r.width === 0 || r.top < headerBottom - 1 || r.bottom > window.innerHeight + 1 || r.left < -1 || r.right > window.innerWidth + 1;
    });
  }, selectors);
}

/** The narrowest title cell of a table, in px (Infinity when none is shown). */
export function narrowestTitleCell(page: Page, table: string): Promise<number> {
  return page.evaluate((selector) => Math.min(...[...document.querySelectorAll<HTMLElement>(`${selector} tbody td.title-cell`)].map((td) => td.getBoundingClientRect().width)), table);
}

/** offScreen once the page stopped moving (a session page scrolls to its newest turn after it draws), or after 10 s. */
export async function offScreenOnceSettled(page: Page, selectors: string[]): Promise<string[]> {
  let last = -1;
  for (let i = 0, still = 0; i < 50 && still < 3; i++) {
    const now = await page.evaluate(() => document.scrollingElement!.scrollTop);
    still = now === last ? still + 1 : 0;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return offScreen(page, selectors);
}

/** Subagent tree nodes that stick out of the tree's box (described by their session id). */
export function treeNodesOutside(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const box = document.querySelector('.tree-scroll')?.getBoundingClientRect();
    if (!box) return [];
    return [...document.querySelectorAll<HTMLElement>('.tree-node')].filter((n) => n.getBoundingClientRect().right > box.right + 1).map((n) => n.dataset.treeNode ?? '?');
  });
}
