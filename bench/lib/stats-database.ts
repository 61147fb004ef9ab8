import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { IdMaker } from '../../scripts/corpus/ids';
import { MODELS } from '../../scripts/corpus/models';
import { Random } from '../../scripts/corpus/random';

const SCHEMA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'corpus', 'opencode-1.18.33-schema.sql');
const START = Date.UTC(2026, 4, 15);
const SPAN = 180 * 86_400_000;

/**
 * A database of sessions and messages only (no parts): `assistant` assistant messages, four per user
 * message, 20 messages per session. Enough for stats, fast to write.
 */
export function writeStatsDatabase(file: string, assistant: number): number {
  const db = new Database(file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('foreign_keys = OFF');
  db.exec(readFileSync(SCHEMA, 'utf8'));
  const random = new Random(3);
  const ids = new IdMaker(random);
  const project = db.prepare("INSERT INTO project (id, worktree, vcs, time_created, time_updated, sandboxes) VALUES (?, ?, 'git', ?, ?, '[]')");
  const session = db.prepare('INSERT INTO session (id, project_id, slug, directory, title, version, time_created, time_updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  const message = db.prepare('INSERT INTO message (id, session_id, time_created, time_updated, data) VALUES (?, ?, ?, ?, ?)');
  db.exec('BEGIN');
  for (let p = 0; p < 5; p++) project.run(`p${p}`, `/home/dev/src/p${p}`, START, START);
  let written = 0;
  while (written < assistant) {
    const at = START + Math.floor(random.next() * SPAN);
    const sid = ids.session(at);
    const model = MODELS[random.int(0, MODELS.length - 1)] ?? MODELS[0];
    if (!model) break;
    let t = at;
    for (let turn = 0; turn < 4 && written < assistant; turn++) {
      const userID = ids.ascending('msg', t);
      message.run(userID, sid, t, t, JSON.stringify({ role: 'user', time: { created: t }, agent: 'build', model: { providerID: model.providerID, modelID: model.modelID } }));
      for (let s = 0; s < 4 && written < assistant; s++) {
        t += random.int(2_000, 60_000);
        const tokens = { input: random.skewed(800, 60_000), output: random.skewed(20, 4_000), reasoning: 0, cache: { read: random.skewed(0, 100_000), write: random.skewed(0, 5_000) } };
        const cost = (tokens.input * model.price[0] + tokens.output * model.price[1] + tokens.cache.read * model.price[2] + tokens.cache.write * model.price[3]) / 1e6;
        message.run(ids.ascending('msg', t), sid, t, t + 1_000, JSON.stringify({
          role: 'assistant', time: { created: t, completed: t + 1_000 }, parentID: userID, modelID: model.modelID, providerID: model.providerID,
          mode: 'build', agent: random.chance(0.2) ? 'Sisyphus - ultraworker' : 'build', path: { cwd: '/home/dev', root: '/home/dev' }, cost, tokens, finish: s === 3 ? 'stop' : 'tool-calls',
        }));
        written++;
      }
      t += random.int(60_000, 600_000);
    }
    session.run(sid, `p${random.int(0, 4)}`, 'quiet-river', '/home/dev', 'Stats session', '1.18.33', at, t);
  }
  db.exec('COMMIT');
  db.pragma('journal_mode = WAL');
  db.close();
  return written;
}
