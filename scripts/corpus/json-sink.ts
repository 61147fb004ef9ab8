import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CorpusSink, Json } from './records';

/** OpenCode's JSON tree (`storage/`), one pretty-printed file per record, written as generated. */
export function jsonTreeSink(storage: string): CorpusSink & { bytes: () => number } {
  const made = new Set<string>();
  let bytes = 0;
  const write = (dir: string, id: string, value: unknown): void => {
    const folder = path.join(storage, dir);
    if (!made.has(folder)) {
      mkdirSync(folder, { recursive: true });
      made.add(folder);
    }
    const text = JSON.stringify(value, null, 2);
    bytes += text.length;
    writeFileSync(path.join(folder, `${id}.json`), text);
  };
  const id = (record: Json): string => String(record.id);
  return {
    project: (p) => write('project', id(p), p),
    session: (s) => write(path.join('session', String(s.projectID)), id(s), s),
    message: (m) => write(path.join('message', String(m.sessionID)), id(m), m),
    part: (p) => write(path.join('part', String(p.messageID)), id(p), p),
    todos: (sessionID, todos) => write('todo', sessionID, todos),
    close: () => writeFileSync(path.join(storage, 'migration'), '2'),
    bytes: () => bytes,
  };
}
