// A Claude Code history at chosen times: copies of a real transcript Claude Code 2.1.328 wrote (the
// fixture's tools session, 8 responses within a second), each moved to start at its time, every
// id made its own. For scenarios the fixture's one afternoon cannot show: gaps, long days, now.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TEMPLATE = fileURLToPath(new URL('../fixtures/claude-2.1.328/projects/-tmp-sessionscope-fixture-claude-2-1-328-alpha/7f3f2924-2032-4d41-8bca-0792550b64b4.jsonl', import.meta.url));
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const IDS = /\b(msg_|req_|toolu_)[A-Za-z0-9]+/g;
const TIMESTAMP = /"timestamp":"([^"]+)"/g;

const uuidOf = (n: number) => {
  const hex = n.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/** Writes one session per start time (ms) under `<configDir>/projects/`; returns the session ids. */
export function writeClaudeHistory(configDir: string, starts: readonly number[]): string[] {
  const template = readFileSync(TEMPLATE, 'utf8');
  const first = Date.parse(/"timestamp":"([^"]+)"/.exec(template)![1]!);
  const project = path.join(configDir, 'projects', '-home-user-work-history');
  mkdirSync(project, { recursive: true });
  let counter = 1;
  return starts.map((start, s) => {
    const ids = new Map<string, string>();
    const body = template
      .replace(UUID, (id) => ids.get(id) ?? (ids.set(id, uuidOf(counter++)), ids.get(id)!))
      .replace(IDS, (id) => `${id}x${s}`)
      .replace(TIMESTAMP, (_all, iso: string) => `"timestamp":"${new Date(Date.parse(iso) - first + start).toISOString()}"`);
    const sessionID = ids.get('7f3f2924-2032-4d41-8bca-0792550b64b4')!;
    writeFileSync(path.join(project, `${sessionID}.jsonl`), body);
    return sessionID;
  });
}
