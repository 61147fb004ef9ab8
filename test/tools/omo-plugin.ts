// The real oh-my-opencode plugin, installed on demand into the test cache, and its own plan
// checklist parser taken out of the published bundle: the oracle for plan progress.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ensureCachedPackage } from './cached-install';

export const OMO_VERSION = '4.19.4';

/** `dist/index.js` of `oh-my-opencode` (the plugin OpenCode loads). */
export function ensureOhMyOpencode(version: string = OMO_VERSION): Promise<string> {
  return ensureCachedPackage({
    name: 'oh-my-opencode',
    version,
    locate: async (dir) => {
      const entry = join(dir, 'node_modules', 'oh-my-opencode', 'dist', 'index.js');
      return existsSync(entry) ? entry : null;
    },
  });
}

export interface PluginChecklist {
  total: number;
  completed: number;
  remaining: number;
  nextTaskLabel: string | null;
}

export type PluginChecklistParser = (markdown: string) => PluginChecklist;

// The bundle marks each source module with a `// packages/<pkg>/src/<file>.ts` comment; the
// checklist module is self-contained (regexes and pure functions), so its text runs on its own.
const START = '// packages/boulder-state/src/plan-checklist.ts\n';

/**
 * `parsePlanChecklist` exactly as the plugin ships it (what `getPlanProgress` counts), evaluated
 * from the bundle's own text rather than imported: importing the bundle would start the plugin.
 */
export async function loadPluginChecklistParser(entry: string): Promise<PluginChecklistParser> {
  const bundle = await readFile(entry, 'utf8');
  const start = bundle.indexOf(START);
  if (start < 0) throw new Error(`${entry}: plan-checklist module not found`);
  const end = bundle.indexOf('\n// packages/', start + START.length);
  const source = bundle.slice(start, end < 0 ? undefined : end);
  const factory = new Function(`${source}\nreturn parsePlanChecklist;`) as () => PluginChecklistParser;
  return factory();
}
