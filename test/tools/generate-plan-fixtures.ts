// The plan-progress oracle: oh-my-opencode's own checklist parser (from the published plugin) on
// every plan fixture and on every edge line of plan-edge-lines.ts. Run: `npm run fixtures -- plans`.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EDGE_CONTEXTS, edgeLines, verdict } from './plan-edge-lines';
import { ensureOhMyOpencode, loadPluginChecklistParser, OMO_VERSION } from './omo-plugin';

export async function generatePlanProgressOracle(fixturesDir: string): Promise<void> {
  const parse = await loadPluginChecklistParser(await ensureOhMyOpencode());
  const dir = join(fixturesDir, 'plans', 'progress');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  const files: Record<string, unknown> = {};
  for (const name of names) {
    const { total, completed, nextTaskLabel } = parse(await readFile(join(dir, name), 'utf8'));
    files[name] = { total, completed, nextTaskLabel };
  }
  const lines = edgeLines();
  const edges = Object.fromEntries(
    Object.entries(EDGE_CONTEXTS).map(([context, wrap]) => [context, lines.map((line) => verdict(parse(wrap(line)))).join('')]),
  );
  const oracle = { writtenBy: `oh-my-opencode@${OMO_VERSION} parsePlanChecklist`, files, edgeLines: { count: lines.length, ...edges } };
  await writeFile(join(dir, 'oracle.json'), `${JSON.stringify(oracle, null, 2)}\n`);
}
