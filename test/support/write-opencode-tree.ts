// Writes a small synthetic OpenCode JSON-tree data dir (storage/...) for dashboard tests and local
// development while the real-OpenCode fixtures are not there. Shapes follow OpenCode 1.1.x records.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

let counter = 0;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** OpenCode-like id: prefix + 12 hex (monotonic) + 14 base62. */
export function fakeId(prefix: string): string {
  counter++;
  const hex = (Date.now() * 0x1000 + counter).toString(16).slice(-12).padStart(12, '0');
  let tail = '';
  for (let i = 0; i < 14; i++) tail += BASE62[(counter * 7 + i * 13) % 62];
  return `${prefix}_${hex}${tail}`;
}

function write(file: string, value: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
}

export const HOSTILE_TEXT = [
  'Hostile content check: <script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[click](javascript:alert(1)) and [data](data:text/html,<script>alert(1)</script>)',
  '![remote](https://example.invalid/pixel.png)',
].join('\n\n');

interface Usage {
  input: number;
  output: number;
  reasoning?: number;
  cacheRead?: number;
  cacheWrite?: number;
}

const tokens = (u: Usage) => ({ input: u.input, output: u.output, reasoning: u.reasoning ?? 0, cache: { read: u.cacheRead ?? 0, write: u.cacheWrite ?? 0 } });

export interface TreeWriter {
  storage: string;
  project(id: string, worktree: string): void;
  session(s: { id?: string; projectID: string; directory: string; title: string; parentID?: string; created: number }): string;
  user(sessionID: string, at: number, text: string, agent?: string): string;
  assistant(a: { sessionID: string; parentID: string; at: number; done?: number; model?: string; agent?: string; cost: number; usage: Usage; finish?: string; error?: { name: string; data: { message: string } } }): string;
  part(sessionID: string, messageID: string, body: Record<string, unknown>): string;
  todos(sessionID: string, list: { id: string; content: string; status: string; priority: string }[]): void;
  diffs(sessionID: string, list: { file: string; additions: number; deletions: number; patch?: string }[]): void;
}

export function treeWriter(dataDir: string): TreeWriter {
  const storage = path.join(dataDir, 'storage');
  const projects = new Map<string, string>();
  const w: TreeWriter = {
    storage,
    project(id, worktree) {
      projects.set(id, worktree);
      write(path.join(storage, 'project', `${id}.json`), { id, worktree, vcs: 'git', time: { created: Date.now() - 86_400_000 * 30, updated: Date.now() } });
    },
    session({ id = fakeId('ses'), projectID, directory, title, parentID, created }) {
      write(path.join(storage, 'session', projectID, `${id}.json`), {
        id, slug: title.toLowerCase().replace(/\W+/g, '-').slice(0, 30), projectID, directory, parentID, title, version: '1.1.65',
        time: { created, updated: created },
      });
      return id;
    },
    user(sessionID, at, text, agent = 'build') {
      const id = fakeId('msg');
      write(path.join(storage, 'message', sessionID, `${id}.json`), { id, sessionID, role: 'user', time: { created: at }, agent, model: { providerID: 'anthropic', modelID: 'claude-sonnet-4-5' } });
      w.part(sessionID, id, { type: 'text', text, time: { start: at, end: at } });
      return id;
    },
    assistant(a) {
      const id = fakeId('msg');
      write(path.join(storage, 'message', a.sessionID, `${id}.json`), {
        id, sessionID: a.sessionID, role: 'assistant', parentID: a.parentID, time: { created: a.at, completed: a.done },
        modelID: a.model ?? 'claude-sonnet-4-5', providerID: 'anthropic', mode: a.agent ?? 'build', agent: a.agent ?? 'build',
        path: { cwd: '/', root: '/' }, cost: a.cost, tokens: tokens(a.usage), finish: a.finish, error: a.error,
      });
      return id;
    },
    part(sessionID, messageID, body) {
      const id = fakeId('prt');
      write(path.join(storage, 'part', messageID, `${id}.json`), { id, sessionID, messageID, ...body });
      return id;
    },
    todos(sessionID, list) {
      write(path.join(storage, 'todo', `${sessionID}.json`), list);
    },
    diffs(sessionID, list) {
      write(path.join(storage, 'session_diff', `${sessionID}.json`), list);
    },
  };
  return w;
}

export interface WrittenTree {
  rootID: string;
  childID: string;
  grandchildID: string;
  hostileID: string;
}

/** A project with a root session (every part type), a subagent, its subagent, and a hostile session. */
export function writeSampleTree(dataDir: string, now = Date.now()): WrittenTree {
  const w = treeWriter(dataDir);
  const projectID = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
  const dir = '/home/dev/webapp';
  w.project(projectID, dir);
  const t0 = now - 3 * 3_600_000;
  const rootID = w.session({ projectID, directory: dir, title: 'Add login form validation', created: t0 });
  const u1 = w.user(rootID, t0 + 1_000, 'Please add validation to the login form and write tests.');
  const a1 = w.assistant({ sessionID: rootID, parentID: u1, at: t0 + 2_000, done: t0 + 40_000, cost: 0.0421, usage: { input: 1200, output: 800, reasoning: 120, cacheRead: 9000, cacheWrite: 2000 }, finish: 'tool-calls' });
  w.part(rootID, a1, { type: 'step-start', snapshot: 'abc123' });
  w.part(rootID, a1, { type: 'reasoning', text: 'The form lives in src/login.tsx; I should read it first.', time: { start: t0 + 2_100, end: t0 + 3_000 } });
  w.part(rootID, a1, { type: 'text', text: 'I will **read** the form first, then add checks.\n\n```ts\nconst ok = email.includes("@");\n```', time: { start: t0 + 3_000, end: t0 + 3_500 } });
  w.part(rootID, a1, { type: 'tool', callID: 'call_1', tool: 'read', state: { status: 'completed', input: { filePath: `${dir}/src/login.tsx` }, output: Array.from({ length: 80 }, (_, i) => `${i + 1}: line ${i + 1} of the login form`).join('\n'), title: 'src/login.tsx', metadata: {}, time: { start: t0 + 4_000, end: t0 + 4_300 } } });
  w.part(rootID, a1, { type: 'tool', callID: 'call_2', tool: 'bash', state: { status: 'error', input: { command: 'npm test -- login', description: 'Run login tests' }, error: 'Command failed with exit code 1', time: { start: t0 + 5_000, end: t0 + 9_000 } } });
  w.part(rootID, a1, { type: 'tool', callID: 'call_3', tool: 'task', state: { status: 'completed', input: { description: 'Write validation tests', prompt: 'Write tests', subagent_type: 'general' }, output: 'Tests written.', title: 'Write validation tests', time: { start: t0 + 10_000, end: t0 + 30_000 } } });
  w.part(rootID, a1, { type: 'step-finish', reason: 'tool-calls', cost: 0.0421, tokens: tokens({ input: 1200, output: 800, reasoning: 120, cacheRead: 9000, cacheWrite: 2000 }) });
  w.part(rootID, a1, { type: 'patch', hash: 'def456', files: [`${dir}/src/login.tsx`] });
  w.part(rootID, a1, { type: 'retry', attempt: 1, error: { name: 'APIError', data: { message: 'Overloaded (529)' } }, time: { created: t0 + 39_000 } });
  w.part(rootID, a1, { type: 'future-widget', payload: { x: 1 } });
  const a2 = w.assistant({ sessionID: rootID, parentID: u1, at: t0 + 41_000, done: t0 + 60_000, cost: 0.0187, usage: { input: 600, output: 350, cacheRead: 11000 }, finish: 'stop' });
  w.part(rootID, a2, { type: 'step-start' });
  w.part(rootID, a2, { type: 'text', text: 'Done: validation added in `src/login.tsx`, see [the docs](https://example.com/docs).' });
  w.part(rootID, a2, { type: 'file', mime: 'image/png', filename: 'screenshot.png', url: 'https://example.invalid/screenshot.png' });
  w.part(rootID, a2, { type: 'step-finish', reason: 'stop', cost: 0.0187, tokens: tokens({ input: 600, output: 350, cacheRead: 11000 }) });
  const u2 = w.user(rootID, t0 + 100_000, 'Now compact and summarise.');
  const a3 = w.assistant({ sessionID: rootID, parentID: u2, at: t0 + 101_000, done: t0 + 102_000, cost: 0, usage: { input: 0, output: 0 }, error: { name: 'APIError', data: { message: 'Rate limited by provider' } } });
  w.part(rootID, a3, { type: 'compaction', auto: true });
  w.todos(rootID, [
    { id: '1', content: 'Read the login form', status: 'completed', priority: 'high' },
    { id: '2', content: 'Add validation', status: 'in_progress', priority: 'high' },
    { id: '3', content: 'Write tests', status: 'pending', priority: 'medium' },
  ]);
  w.diffs(rootID, [{ file: 'src/login.tsx', additions: 24, deletions: 3, patch: '@@ -1,3 +1,4 @@\n-const a = 1;\n+const a = 2;\n+const b = 3;' }]);

  const childID = w.session({ projectID, directory: dir, title: 'Write validation tests (@general subagent)', parentID: rootID, created: t0 + 10_500 });
  const cu = w.user(childID, t0 + 10_600, 'Write tests', 'general');
  const ca = w.assistant({ sessionID: childID, parentID: cu, at: t0 + 11_000, done: t0 + 29_000, cost: 0.0093, usage: { input: 400, output: 500, cacheRead: 3000 }, agent: 'general', finish: 'stop' });
  w.part(childID, ca, { type: 'text', text: 'Tests written in `src/login.test.tsx`.' });
  w.part(childID, ca, { type: 'step-finish', reason: 'stop', cost: 0.0093, tokens: tokens({ input: 400, output: 500, cacheRead: 3000 }) });

  const grandchildID = w.session({ projectID, directory: dir, title: 'Look up assertion helpers (@explore subagent)', parentID: childID, created: t0 + 12_000 });
  const gu = w.user(grandchildID, t0 + 12_100, 'Find assertion helpers', 'explore');
  const ga = w.assistant({ sessionID: grandchildID, parentID: gu, at: t0 + 12_200, done: t0 + 15_000, cost: 0.0012, usage: { input: 100, output: 60 }, agent: 'explore', model: 'claude-haiku-4-5', finish: 'stop' });
  w.part(grandchildID, ga, { type: 'text', text: 'Use `expect(...).toBe`.' });

  const otherProject = 'ffeeddccbbaa00998877665544332211ffeeddcc';
  w.project(otherProject, '/home/dev/legacy');
  const hostileID = w.session({ projectID: otherProject, directory: '/home/dev/legacy', title: 'Hostile <b>content</b> check', created: now - 26 * 3_600_000 });
  const hu = w.user(hostileID, now - 26 * 3_600_000 + 1_000, HOSTILE_TEXT);
  const ha = w.assistant({ sessionID: hostileID, parentID: hu, at: now - 26 * 3_600_000 + 2_000, done: now - 26 * 3_600_000 + 9_000, cost: 0.0042, usage: { input: 300, output: 200 }, model: 'gpt-5', finish: 'stop' });
  w.part(hostileID, ha, { type: 'text', text: HOSTILE_TEXT });
  w.part(hostileID, ha, { type: 'tool', callID: 'call_h', tool: 'bash', state: { status: 'completed', input: { command: 'cat evil.html' }, output: '<script>alert(1)</script><img src=x onerror=alert(1)>', time: { start: now - 26 * 3_600_000 + 3_000, end: now - 26 * 3_600_000 + 4_000 } } });
  w.part(hostileID, ha, { type: 'step-finish', reason: 'stop', cost: 0.0042, tokens: tokens({ input: 300, output: 200 }) });
  return { rootID, childID, grandchildID, hostileID };
}

/** A new root session with one finished exchange, as OpenCode would write it while the page is open. */
export function writeLateSession(dataDir: string, title: string, now = Date.now()): string {
  const w = treeWriter(dataDir);
  const projectID = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
  const id = w.session({ projectID, directory: '/home/dev/webapp', title, created: now });
  const u = w.user(id, now + 10, 'Late prompt');
  const a = w.assistant({ sessionID: id, parentID: u, at: now + 20, done: now + 50, cost: 0.0005, usage: { input: 10, output: 20 }, finish: 'stop' });
  w.part(id, a, { type: 'text', text: 'Late answer' });
  return id;
}
