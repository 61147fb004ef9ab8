import type { Page, Request } from 'playwright-core';
import { saveScreenshot } from './screenshots';

/** What a page asked for and printed since it opened, kept for a report if it never becomes ready. */
export interface PageRecord {
  /** Requests with no answer yet, with when each was sent (ms since the record began). */
  pending: Map<Request, number>;
  /** Answers, failures and console lines, in order. */
  events: string[];
  began: number;
}

/** Starts recording a page's requests, answers and console (cheap: kept in memory, printed on failure only). */
export function recordPage(page: Page): PageRecord {
  const record: PageRecord = { pending: new Map(), events: [], began: Date.now() };
  const at = () => `${((Date.now() - record.began) / 1000).toFixed(1)} s`;
  const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '');
  page.on('request', (request) => record.pending.set(request, Date.now()));
  page.on('requestfinished', (request) => record.pending.delete(request));
  page.on('requestfailed', (request) => {
    record.pending.delete(request);
    record.events.push(`${at()} failed ${request.method()} ${short(request.url())}: ${request.failure()?.errorText ?? '?'}`);
  });
  page.on('response', (response) => record.events.push(`${at()} ${response.status()} ${response.request().method()} ${short(response.url())}`));
  page.on('console', (message) => record.events.push(`${at()} console.${message.type()}: ${message.text().slice(0, 300)}`));
  page.on('pageerror', (error) => record.events.push(`${at()} pageerror: ${error.message.slice(0, 300)}`));
  return record;
}

/**
 * A report of a page that did not become ready: its URL, the text it shows (first lines), the
 * requests still waiting for an answer and what happened so far; a screenshot is saved as `name`.
 * Each look is bounded: a page stuck enough to fail must not also hang its report.
 */
export async function describePage(page: Page, record: PageRecord, name: string): Promise<string> {
  const bounded = async <T>(work: Promise<T>, fallback: T): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([work.catch(() => fallback), new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), 10_000)))]);
    } finally {
      clearTimeout(timer);
    }
  };
  const text = await bounded(page.evaluate(() => document.body?.innerText ?? '(no body)'), '(the page did not answer)');
  const shot = await bounded(saveScreenshot(page, name, false), '(no screenshot)');
  const now = Date.now();
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  return [
    `page ${page.url()} after ${((now - record.began) / 1000).toFixed(1)} s; screenshot ${shot}`,
    `shows: ${lines.slice(0, 25).join(' | ').slice(0, 1500)}`,
    `waiting for: ${[...record.pending].map(([request, sent]) => `${request.method()} ${request.url().replace(/^https?:\/\/[^/]+/, '')} (${((now - sent) / 1000).toFixed(1)} s)`).join(', ') || 'nothing'}`,
    `events (last 60):`,
    ...record.events.slice(-60).map((event) => `  ${event}`),
  ].join('\n');
}
