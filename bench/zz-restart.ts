import path from 'node:path';
import { appendFileSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { openSqliteSessionDb } from '../lib/server/db/sqlite/open-sqlite-session-db';
import { ClaudeCodeReader } from '../lib/server/readers/claude/claude-reader';
import type { ClaudeFileRef } from '../lib/server/readers/claude/claude-files';
import type { FileRead } from '../lib/server/readers/pi/file-index';
import { Store } from '../lib/server/store/store';
class Counting extends ClaudeCodeReader { n = 0; from = 0; protected override async readRef(ref: ClaudeFileRef): Promise<FileRead> { this.n++; const r = await super.readRef(ref); if (r.state === 'ok' && (r as { span?: { from: number } }).span!.from > 0) this.from++; return r; } }
const root = process.argv[2]!;
const db = path.join(mkdtempSync(path.join(tmpdir(), 'rs-')), 'sessions.db');
const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.jsonl')).map((f) => path.join(root, f)).sort().filter((_, i) => i % 100 === 0);
for (let i = 0; i < 4; i++) {
  if (i > 0) {
    for (const file of files) appendFileSync(file, `${JSON.stringify({ type: 'custom-title', customTitle: `zz ${i}`, sessionId: path.basename(file, '.jsonl') })}\n`);
    await new Promise((r) => setTimeout(r, 2100));
  }
  const reader = new Counting(root);
  const store = new Store([{ reader, priority: 0 }], { sessionDb: openSqliteSessionDb(db) });
  const t = performance.now();
  let complete = 0;
  const poll = setInterval(() => { if (!complete && store.progress.figuresComplete) complete = performance.now() - t; }, 5);
  const c = process.cpuUsage();
  await store.start();
  const u = process.cpuUsage(c);
  clearInterval(poll);
  if (!complete && store.progress.figuresComplete) complete = performance.now() - t;
  console.log(JSON.stringify({ run: i === 0 ? 'cold' : 'restart 1% appended', mode: process.env.NO_RESUME ? 'whole' : 'from cut', figuresCompleteMs: Math.round(complete), readyMs: Math.round(performance.now() - t), cpuMs: Math.round((u.user + u.system) / 1000), readRef: reader.n, fromCut: reader.from }));
  store.stop();
}
