// Writes test/fixtures/omo-<version>/ by running the real oh-my-opencode plugin inside the real
// OpenCode 1.18.33, offline (`npm run fixtures -- omo`): a project's `.omo/` (boulder, plans,
// notepads) and OpenCode's data root, with an oracle from the plugin's own parser and the boulder.
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freshHome, record, type AgentRun } from './generate-agent-fixtures';
import { copyDataRoot } from './generate-fixtures';
import { startModelServer } from './model-server';
import { ensureOhMyOpencode, loadPluginChecklistParser, OMO_VERSION } from './omo-plugin';
import { omoPicker, startWorkPrompt } from './omo-scenarios';
import { createProject, dataDirOf, MODELS, opencodeConfig, runPrompt } from './run-opencode';

const OPENCODE = '1.18.33';

export const OMO_PLANS: Record<string, string> = {
  'export-jsonl': '# Work plan: export\n\n## TODOs\n\n- [ ] 1. Add the endpoint\n- [ ] 2. Stream JSONL\n\n## Final Verification Wave\n\n- [ ] F1. Audit the export\n',
  // Edge forms the plugin reads its own way; it works on "1." and counts 3 tasks.
  'docs-pass':
    '# Work plan: docs\n\n## TODOs\n\n- [ ] 1. Write the guide\n- [ ]  2. two spaces after the bracket (skipped)\n* [ ] 3. a star bullet (skipped)\n- [ ] 0. numbered from zero (skipped)\n- [X] 4. Link the guide from the README\n\n## final verification wave\n\n- [ ] f1. Review the guide\n- [ ] F0. from zero (skipped)\n',
};

type Json = Record<string, unknown>;

/** Straight from boulder.json (no code shared with lib/): what each work and task says. */
function worksOf(boulder: Json): Json[] {
  const works = (boulder.works ?? {}) as Record<string, Json>;
  return Object.values(works).map((w) => ({
    workID: w.work_id,
    planName: w.plan_name,
    status: w.status,
    active: w.work_id === boulder.active_work_id,
    sessionIDs: (w.session_ids as string[]).map((id) => id.replace(/^opencode:/, '')),
    endedAt: w.ended_at ?? null,
    elapsedMs: w.elapsed_ms ?? null,
    tasks: Object.values((w.task_sessions ?? {}) as Record<string, Json>).map((t) => ({
      key: t.task_key,
      sessionID: String(t.session_id).replace(/^opencode:/, ''),
      status: t.status ?? null,
      elapsedMs: t.elapsed_ms ?? null,
    })),
  }));
}

export async function generateOmoFixture(fixturesDir: string): Promise<void> {
  const name = `omo-${OMO_VERSION}`;
  const plugin = await ensureOhMyOpencode();
  const { home } = await freshHome(name, []);
  const projects: Record<string, string> = {};
  // One plan per project: a second start-work in the same project replaced the first work when
  // that one had not been marked completed yet (seen under load), which a fixture cannot depend on.
  const planOf: Record<string, string> = { shop: 'export-jsonl', docs: 'docs-pass' };
  const planPath = (plan: string) => join(projects[plan === 'docs-pass' ? 'docs' : 'shop'] ?? '', '.omo', 'plans', `${plan}.md`);
  const server = await startModelServer(omoPicker(planPath));
  const runs: AgentRun[] = [];
  try {
    for (const [project, plan] of Object.entries(planOf)) {
      const dir = (projects[project] = await createProject(home, project, server.url));
      await writeFile(join(dir, 'opencode.json'), JSON.stringify({ ...(opencodeConfig(server.url) as Json), plugin: [`file://${plugin}`] }, null, 2));
      await mkdir(join(dir, '.omo', 'plans'), { recursive: true });
      await writeFile(planPath(plan), OMO_PLANS[plan] ?? '');
    }
    const run = async (step: string, project: string, keyword: string) => {
      const plan = planOf[project] ?? '';
      const result = await runPrompt({ version: OPENCODE, home, project: projects[project] ?? '', model: MODELS.large, prompt: startWorkPrompt(plan, keyword), timeoutMs: 150_000 });
      record(runs, step, project, ['start-work', plan], result);
    };
    await run('start-work: every task delegated and checked off (the work completes)', 'shop', '[ssc:omo-work]');
    await run('start-work: a plan started, nothing checked yet (the work stays active)', 'docs', '[ssc:omo-docs]');
  } finally {
    await server.close();
  }
  const target = join(fixturesDir, name);
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  await copyDataRoot(dataDirOf(home), join(target, 'opencode'));
  const parse = await loadPluginChecklistParser(plugin);
  const plans: Record<string, unknown> = {};
  const works: Record<string, Json[]> = {};
  for (const project of Object.keys(planOf)) {
    const omo = join(target, project, '.omo');
    await cp(join(projects[project] ?? '', '.omo'), omo, { recursive: true });
    for (const file of (await readdir(join(omo, 'plans'))).sort()) {
      const { total, completed, nextTaskLabel } = parse(await readFile(join(omo, 'plans', file), 'utf8'));
      plans[`${project}/${file}`] = { total, completed, nextTaskLabel };
    }
    works[project] = worksOf(JSON.parse(await readFile(join(omo, 'boulder.json'), 'utf8')) as Json);
  }
  const oracle = { fixture: name, omoVersion: OMO_VERSION, opencodeVersion: OPENCODE, home, plans, works, runs };
  await writeFile(join(target, 'oracle.json'), `${JSON.stringify(oracle, null, 2)}\n`);
  await rm(home, { recursive: true, force: true });
}
