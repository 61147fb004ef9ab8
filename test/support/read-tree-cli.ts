import { JsonTreeReader } from '../../lib/server/readers/opencode/json/json-tree-reader';

const changes = await new JsonTreeReader(process.argv[2] ?? '.').readAll();
process.stdout.write(JSON.stringify({ sessions: changes.sessions.map((s) => s.id), issues: changes.issues }));
