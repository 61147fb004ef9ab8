// A session saved as one HTML file: its turns, figures and subagents, the warning first; hostile
// text stays text (no tag of the data's opens), and nothing in the file loads or runs.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSessionExport } from '@/lib/server/queries/get-session-export';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { renderSessionHtml } from '@/lib/share/render-session-html';
import { writeSampleTree, type WrittenTree } from '../support/write-opencode-tree';

let dir: string;
let store: Store;
let ids: WrittenTree;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sessionscope-share-'));
  ids = writeSampleTree(dir);
  store = new Store(createReaders({ opencodeDir: dir, databases: [] }));
  await store.start();
});
afterAll(() => {
  store.stop();
  rmSync(dir, { recursive: true, force: true });
});

const html = async (id: string) => renderSessionHtml((await getSessionExport(store, id))!, Date.UTC(2026, 10, 26));

describe('a session saved as HTML', () => {
  it('holds the warning, the figures, every turn and the subagents, two levels down', async () => {
    const file = await html(ids.rootID);
    const summaries = store.summaryMap();
    expect(file.indexOf("This file holds the session's text")).toBeGreaterThan(0);
    expect(file.indexOf("This file holds the session's text")).toBeLessThan(file.indexOf('<h1>'));
    for (const id of [ids.rootID, ids.childID, ids.grandchildID]) expect(file, id).toContain(summaries.get(id)!.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    expect(file).toContain('Write validation tests');
    expect((file.match(/<section class="turn"/g) ?? []).length).toBe([ids.rootID, ids.childID, ids.grandchildID].reduce((n, id) => n + summaries.get(id)!.turnCount, 0));
    expect(file).toContain('Recorded cost');
  });

  it('keeps hostile text as text: no tag, link, image or script of the data', async () => {
    const file = await html(ids.hostileID);
    expect(file).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(file).toContain('Hostile &lt;b&gt;content&lt;/b&gt; check');
    expect(file).not.toMatch(/<(script|img|iframe|a|link|object|embed|base|form)[\s>]/i);
    expect(file).toContain("default-src 'none'");
  });

  it('is undefined for a session that is not there', async () => {
    expect(await getSessionExport(store, 'ses_nope')).toBeUndefined();
  });
});
