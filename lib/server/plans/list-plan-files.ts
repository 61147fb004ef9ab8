import 'server-only';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { planFoldersOf } from './boulder-locations';

/** Every `*.md` in the project's `.omo/plans` and `.sisyphus/plans` (missing folders are fine). */
export async function listPlanFiles(projectDir: string): Promise<string[]> {
  const lists = await Promise.all(
    planFoldersOf(projectDir).map(async (folder) => {
      try {
        const entries = await readdir(folder, { withFileTypes: true });
        return entries.filter((e) => e.isFile() && e.name.endsWith('.md')).map((e) => path.join(folder, e.name));
      } catch {
        return [];
      }
    }),
  );
  return lists.flat().sort();
}
