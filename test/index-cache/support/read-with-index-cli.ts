import { IndexCache } from '../../../lib/server/index-cache/index-cache';
import { JsonTreeReader } from '../../../lib/server/readers/opencode/json/json-tree-reader';

// Reads one JSON tree through the summary index `rounds` times and prints each read's messages; run
// by two processes at once on one index (summary-index-processes.test.ts).
const [dataDir = '', indexFile = '', rounds = '3'] = process.argv.slice(2);
const out: string[][] = [];
for (let i = 0; i < Number(rounds); i++) {
  const cache = IndexCache.open(indexFile);
  const reader = new JsonTreeReader(dataDir, cache?.source(`opencode-json:${dataDir}`));
  const changes = await reader.readAll();
  await reader.writeIndex();
  out.push(changes.messages.map((m) => JSON.stringify(m)).sort());
  reader.close();
  cache?.close();
}
process.stdout.write(JSON.stringify(out));
