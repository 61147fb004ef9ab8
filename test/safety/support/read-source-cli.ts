import { ClaudeCodeReader } from '../../../lib/server/readers/claude/claude-reader';
import { JsonTreeReader } from '../../../lib/server/readers/opencode/json/json-tree-reader';
import { PiSessionReader } from '../../../lib/server/readers/pi/pi-reader';
import type { SourceReader } from '../../../lib/server/readers/read-result';

// Reads one source and prints what it found; run as an unprivileged user by run-reader-unprivileged.ts.
const [kind, dir = '.'] = process.argv.slice(2);
const reader: SourceReader = kind === 'claude' ? new ClaudeCodeReader(dir) : kind === 'pi' ? new PiSessionReader('pi', dir) : new JsonTreeReader(dir);
try {
  const changes = await reader.readAll();
  process.stdout.write(JSON.stringify({ sessions: changes.sessions.map((s) => s.id), issues: changes.issues }));
} catch (error) {
  process.stdout.write(JSON.stringify({ sessions: [], issues: [], threw: String(error) }));
}
