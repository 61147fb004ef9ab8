import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createReaders } from '@/lib/server/store/get-store';
import { Store } from '@/lib/server/store/store';
import { createFileWatcher, type FileWatcher } from '@/lib/server/watcher/file-watcher';
import { followSources } from '@/lib/server/watcher/follow-sources';
import { inotifyWatches } from '../support/inotify-watches';
import { TreeBuilder } from '../support/tree-builder';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY = 86_400_000;

let running: { store: Store; watcher: FileWatcher; stop: () => void } | undefined;
afterEach(async () => {
  running?.stop();
  running?.store.stop();
  await running?.watcher.close();
  running = undefined;
});

/** The dashboard's store and watcher, wired as the server wires them. */
function startDashboard(tree: TreeBuilder): { store: Store; started: Promise<void> } {
  const store = new Store(createReaders({ opencodeDir: tree.dataDir, databases: [] }));
  const watcher = createFileWatcher(() => undefined);
  const stop = followSources(store, watcher, () => undefined);
  running = { store, watcher, stop };
  return { store, started: store.start() };
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs = 8_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

function runningTool(tree: TreeBuilder, sessionID: string, messageID: string, partID: string, tool: string, now: number): string {
  return tree.part(sessionID, messageID, partID, { type: 'tool', callID: partID, tool, state: { status: 'running', input: { command: 'sleep 5' }, time: { start: now } } });
}

describe('following the JSON tree live', () => {
  it('sees parts of a message that started while the dashboard was starting', async () => {
    const tree = new TreeBuilder();
    const now = Date.now();
    tree.project('p1');
    tree.session('p1', 'ses_a', { time: { created: now, updated: now } });
    const { store, started } = startDashboard(tree);
    // OpenCode keeps writing while the dashboard indexes: nothing waits for the watcher.
    tree.message('ses_a', 'msg_1', { time: { created: now } });
    tree.assistant('ses_a', 'msg_2', 'msg_1', { time: { created: now + 1 }, finish: undefined });
    runningTool(tree, 'ses_a', 'msg_2', 'prt_1', 'bash', now);
    await started;
    runningTool(tree, 'ses_a', 'msg_2', 'prt_2', 'grep', now + 2);
    const status = await waitFor('the running grep', () => {
      const s = store.summaryMap().get('ses_a')?.status;
      return s?.activity?.kind === 'tool' && s.activity.tool === 'grep' ? s : undefined;
    });
    expect(status.status).toBe('busy');
  });

  it('notices a session that was quiet for days when it is resumed', async () => {
    const tree = new TreeBuilder();
    const old = Date.now() - 3 * DAY;
    tree.project('p1');
    tree.session('p1', 'ses_old', { time: { created: old, updated: old } });
    tree.message('ses_old', 'msg_1', { time: { created: old } });
    tree.assistant('ses_old', 'msg_2', 'msg_1', { time: { created: old + 1, completed: old + 2 } });
    const { store, started } = startDashboard(tree);
    await started;
    expect(store.summaryMap().get('ses_old')?.status.status).toBe('idle');
    await sleep(300);
    // OpenCode writes the new prompt and reply into folders nobody was watching closely.
    const now = Date.now();
    tree.message('ses_old', 'msg_3', { time: { created: now } });
    tree.assistant('ses_old', 'msg_4', 'msg_3', { time: { created: now + 1 }, finish: undefined });
    // The reply's part folder appears empty; its first part lands a moment later.
    mkdirSync(path.join(tree.storage, 'part', 'msg_4'), { recursive: true });
    await sleep(300);
    runningTool(tree, 'ses_old', 'msg_4', 'prt_9', 'bash', now);
    const summary = await waitFor('the resumed session to run bash', () => {
      const s = store.summaryMap().get('ses_old');
      return s?.status.activity?.kind === 'tool' ? s : undefined;
    });
    expect(summary.status.status).toBe('busy');
    expect(summary.messageCount).toBe(4);
  });

  it('watches closely only the sessions being written, not every folder or session file of the history', async () => {
    const tree = new TreeBuilder();
    const old = Date.now() - 30 * DAY;
    tree.project('p1');
    for (let s = 0; s < 150; s++) {
      tree.session('p1', `ses_${s}`, { time: { created: old, updated: old } });
      for (let m = 0; m < 3; m++) {
        tree.message(`ses_${s}`, `msg_${s}_${m}`, { time: { created: old + m } });
        tree.part(`ses_${s}`, `msg_${s}_${m}`, `prt_${s}_${m}`, { type: 'text', text: 'hi' });
      }
    }
    const now = Date.now();
    tree.session('p1', 'ses_live', { time: { created: now, updated: now } });
    tree.message('ses_live', 'msg_live', { time: { created: now } });
    const before = inotifyWatches();
    const { store, started } = startDashboard(tree);
    await started;
    await sleep(1_000);
    // 150 sessions hold 600 folders (message/ + part/) and 151 session files; a year of history
    // holds 100k+ folders and thousands of sessions. Record files are watched by their folder's name watch.
    expect(store.summaryMap().size).toBe(151);
    expect(inotifyWatches() - before).toBeLessThan(30);
    tree.part('ses_live', 'msg_live', 'prt_live', { type: 'text', text: 'still here' });
    await waitFor('the live part', () => store.indexes[0]?.partsByMessage.get('msg_live')?.has('prt_live'));
  });
});
