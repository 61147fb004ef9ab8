// Regenerates test/fixtures/opencode-* by running the real OpenCode binaries
// offline against the scripted model server. Run: `npm run fixtures`
// (optionally with fixture names: `npm run fixtures -- opencode-1.18.33`).
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLAUDE_NEWER_VERSION, CLAUDE_VERSION, CODEX_VERSION, GEMINI_LEGACY_VERSION, GEMINI_VERSION, PI_VERSION } from './agent-bins';
import { databaseColumns, summarizeDataDir, type DataDirSummary } from './data-summary';
import { generateClaudeFixture, generatePiFixture } from './generate-agent-fixtures';
import { generateCodexFixture, generateGeminiFixture, generateGeminiLegacyFixture } from './generate-codex-gemini-fixtures';
import { generateOmoFixture } from './generate-omo-fixture';
import { generateOmpFixture } from './generate-omp-fixture';
import { generatePlanProgressOracle } from './generate-plan-fixtures';
import { OMP_VERSION } from './omp-bin';
import { OMO_VERSION } from './omo-plugin';
import { startModelServer, type ModelServer } from './model-server';
import { ensureOpencode } from './opencode-bin';
import {
  createProject,
  dataDirOf,
  MODELS,
  runOpencode,
  runPrompt,
  removeDir,
  runStats,
  type ModelDeclaration,
  type StatsResult,
} from './run-opencode';
import { ALL_SCENARIOS, promptFor, WRITTEN_FILE, type ScenarioName } from './scenarios';

export const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

export const VERSIONS = { json: '1.1.65', merged: '1.2.27', sqlite: '1.18.33' } as const;

type ProjectName = 'alpha' | 'beta' | 'scratch';

export interface RunSpec {
  scenario: ScenarioName;
  project: ProjectName;
  model: ModelDeclaration;
  /** Appended to the prompt (e.g. to tell sessions of two versions apart). */
  note?: string;
}

/** One session per scenario; `scratch` is not a git repo (OpenCode's `global` project). */
export const FULL_SET: RunSpec[] = [
  { scenario: 'plain', project: 'alpha', model: MODELS.large },
  { scenario: 'reasoning', project: 'alpha', model: MODELS.large },
  { scenario: 'tools', project: 'alpha', model: MODELS.large },
  { scenario: 'task', project: 'alpha', model: MODELS.large },
  { scenario: 'error', project: 'alpha', model: MODELS.large },
  { scenario: 'large', project: 'alpha', model: MODELS.large },
  { scenario: 'hostile', project: 'beta', model: MODELS.large },
  { scenario: 'priced', project: 'beta', model: MODELS.claude },
  { scenario: 'unpriced', project: 'beta', model: MODELS.mystery },
  { scenario: 'global', project: 'scratch', model: MODELS.small },
];

/** Written by 1.1.65 before 1.2.27 imports the tree (so these ids are in both stores). */
const MERGED_BEFORE_IMPORT: RunSpec[] = [
  { scenario: 'plain', project: 'alpha', model: MODELS.large, note: '(1.1.65, imported)' },
  { scenario: 'tools', project: 'alpha', model: MODELS.large, note: '(1.1.65, imported)' },
  { scenario: 'task', project: 'alpha', model: MODELS.large, note: '(1.1.65, imported)' },
  { scenario: 'error', project: 'beta', model: MODELS.large, note: '(1.1.65, imported)' },
];

/** Written by 1.1.65 after the import: exists only in storage/. */
const MERGED_STORAGE_ONLY: RunSpec[] = [
  { scenario: 'reasoning', project: 'beta', model: MODELS.large, note: '(1.1.65 after the import, storage only)' },
];

export interface RunRecord {
  version: string;
  scenario: ScenarioName;
  project: ProjectName;
  model: string;
  exitCode: number | null;
  durationMs: number;
}

interface Workspace {
  home: string;
  projects: Record<ProjectName, string>;
  runs: RunRecord[];
}

async function createWorkspace(name: string, server: ModelServer): Promise<Workspace> {
  // A fixed path keeps `directory` values stable between regenerations.
  const home = join(tmpdir(), `sessionscope-octool-fixture-${name}`);
  await removeDir(home);
  await mkdir(home, { recursive: true });
  const projects = {
    alpha: await createProject(home, 'alpha', server.url),
    beta: await createProject(home, 'beta', server.url),
    scratch: await createProject(home, 'scratch', server.url, { git: false }),
  };
  return { home, projects, runs: [] };
}

async function runSet(workspace: Workspace, version: string, specs: RunSpec[]): Promise<void> {
  for (const spec of specs) {
    // The tools scenario writes this file; a second run in the same project must start without it.
    await rm(join(workspace.projects[spec.project], WRITTEN_FILE), { force: true });
    const result = await runPrompt({
      version,
      home: workspace.home,
      project: workspace.projects[spec.project],
      model: spec.model,
      prompt: promptFor(spec.scenario, spec.note),
    });
    const expectFailure = spec.scenario === 'error';
    if (result.code !== 0 && !expectFailure) {
      throw new Error(`opencode ${version} ${spec.scenario} exited ${result.code}:\n${result.stderr.slice(-3000)}`);
    }
    workspace.runs.push({
      version,
      scenario: spec.scenario,
      project: spec.project,
      model: spec.model.id,
      exitCode: result.code,
      durationMs: result.durationMs,
    });
    log(`  ${version} ${spec.scenario} (${spec.model.id}) exit=${result.code} ${result.durationMs} ms`);
  }
}

/**
 * Copies what a reader needs from a data root into a fresh fixture dir:
 * `storage/` (minus nothing: it is small) and a checkpointed `opencode.db`
 * (no -wal/-shm). Skips bin/, log/, snapshot/, repos/, tool-output/.
 */
export async function copyDataRoot(dataDir: string, target: string): Promise<void> {
  await rm(target, { recursive: true, force: true });
  await mkdir(target, { recursive: true });
  if (existsSync(join(dataDir, 'storage'))) await cp(join(dataDir, 'storage'), join(target, 'storage'), { recursive: true });
  if (existsSync(join(dataDir, 'opencode.db'))) {
    const staging = join(tmpdir(), `sessionscope-octool-db-${process.pid}-${Date.now()}`);
    await mkdir(staging, { recursive: true });
    try {
      for (const suffix of ['', '-wal', '-shm']) {
        const file = join(dataDir, `opencode.db${suffix}`);
        if (existsSync(file)) await cp(file, join(staging, `opencode.db${suffix}`));
      }
      // OpenCode exits without checkpointing: fold the WAL into the main file (on the copy).
      const db = new Database(join(staging, 'opencode.db'));
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
      await cp(join(staging, 'opencode.db'), join(target, 'opencode.db'));
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }
}

export interface Oracle {
  fixture: string;
  opencodeVersion: string;
  description: string;
  /** What `opencode stats` printed on a copy of this fixture (token counts rounded by OpenCode). */
  stats: StatsResult;
  /** For the merged fixture: `opencode stats` of 1.1.65 on the same copy (reads only storage/). */
  storageStats?: StatsResult;
  /** Exact sums read from each store of the fixture. */
  computed: DataDirSummary;
  /** Sessions only in storage/ (merged fixture). */
  storageOnlySessionIds?: string[];
  /** Sessions in both stores (merged fixture). */
  overlappingSessionIds?: string[];
  dbColumns?: Record<string, string[]>;
  runs: RunRecord[];
}

async function writeOracle(target: string, oracle: Oracle): Promise<void> {
  await writeFile(join(target, 'oracle.json'), `${JSON.stringify(oracle, null, 2)}\n`);
}

async function generateJson(server: ModelServer): Promise<void> {
  const name = `opencode-${VERSIONS.json}`;
  const workspace = await createWorkspace(name, server);
  await runSet(workspace, VERSIONS.json, FULL_SET);
  const target = join(FIXTURES_DIR, name);
  await copyDataRoot(dataDirOf(workspace.home), target);
  await writeOracle(target, {
    fixture: name,
    opencodeVersion: VERSIONS.json,
    description: 'JSON tree storage/ written by OpenCode 1.1.65.',
    stats: await runStats(VERSIONS.json, target),
    computed: await summarizeFixture(target),
    runs: workspace.runs,
  });
  await removeDir(workspace.home);
}

async function generateSqlite(server: ModelServer): Promise<void> {
  const name = `opencode-${VERSIONS.sqlite}`;
  const workspace = await createWorkspace(name, server);
  await runSet(workspace, VERSIONS.sqlite, FULL_SET);
  const target = join(FIXTURES_DIR, name);
  await copyDataRoot(dataDirOf(workspace.home), target);
  await writeOracle(target, {
    fixture: name,
    opencodeVersion: VERSIONS.sqlite,
    description: 'SQLite opencode.db written by OpenCode 1.18.33 (checkpointed, WAL mode in the header).',
    stats: await runStats(VERSIONS.sqlite, target),
    computed: await summarizeFixture(target),
    dbColumns: await columnsOfFixture(target),
    runs: workspace.runs,
  });
  await removeDir(workspace.home);
}

async function generateMerged(server: ModelServer): Promise<void> {
  const name = `opencode-${VERSIONS.merged}-merged`;
  const workspace = await createWorkspace(name, server);
  const dataDir = dataDirOf(workspace.home);
  log(`  ${name}: 1.1.65 writes the JSON tree`);
  await runSet(workspace, VERSIONS.json, MERGED_BEFORE_IMPORT);
  log(`  ${name}: 1.2.27 session list (imports storage/ into a new opencode.db)`);
  const list = await runOpencode({
    version: VERSIONS.merged,
    home: workspace.home,
    cwd: workspace.projects.alpha,
    args: ['session', 'list'],
  });
  if (list.code !== 0) throw new Error(`1.2.27 session list failed: ${list.stderr}`);
  const imported = await summarizeDataDir(dataDir);
  if (!imported.database || imported.database.sessions === 0) {
    throw new Error(`1.2.27 session list did not import storage/ into opencode.db: ${JSON.stringify(imported)}`);
  }
  log(`  ${name}: imported ${imported.database.sessions} sessions; 1.2.27 adds its own`);
  await runSet(workspace, VERSIONS.merged, FULL_SET.map((spec) => ({ ...spec, note: '(1.2.27)' })));
  log(`  ${name}: 1.1.65 writes a storage-only session`);
  await runSet(workspace, VERSIONS.json, MERGED_STORAGE_ONLY);

  const target = join(FIXTURES_DIR, name);
  await copyDataRoot(dataDir, target);
  const computed = await summarizeFixture(target);
  const dbIds = new Set(computed.database?.sessionList.map((s) => s.id) ?? []);
  const storageIds = computed.storage?.sessionList.map((s) => s.id) ?? [];
  await writeOracle(target, {
    fixture: name,
    opencodeVersion: VERSIONS.merged,
    description:
      'Both stores: storage/ written by 1.1.65, imported by 1.2.27 `session list` into opencode.db, then more ' +
      'sessions by 1.2.27 (DB only) and one more by 1.1.65 after the import (storage only). ' +
      '`stats` is 1.2.27 (reads the DB only); `storageStats` is 1.1.65 (reads storage/ only).',
    stats: await runStats(VERSIONS.merged, target),
    storageStats: await runStats(VERSIONS.json, target),
    computed,
    storageOnlySessionIds: storageIds.filter((id) => !dbIds.has(id)),
    overlappingSessionIds: storageIds.filter((id) => dbIds.has(id)),
    dbColumns: await columnsOfFixture(target),
    runs: workspace.runs,
  });
  await removeDir(workspace.home);
}

/** Summaries are read from a temp copy so that opening the DB never touches the fixture dir. */
async function withFixtureCopy<T>(target: string, fn: (copy: string) => Promise<T>): Promise<T> {
  const copy = join(tmpdir(), `sessionscope-octool-copy-${process.pid}-${Date.now()}`);
  await cp(target, copy, { recursive: true });
  try {
    return await fn(copy);
  } finally {
    await rm(copy, { recursive: true, force: true });
  }
}

function summarizeFixture(target: string): Promise<DataDirSummary> {
  return withFixtureCopy(target, (copy) => summarizeDataDir(copy));
}

function columnsOfFixture(target: string): Promise<Record<string, string[]>> {
  return withFixtureCopy(target, async (copy) => databaseColumns(join(copy, 'opencode.db')));
}

function log(message: string): void {
  process.stdout.write(`${message}\n`);
}

export const GENERATORS: Record<string, (server: ModelServer) => Promise<void>> = {
  [`opencode-${VERSIONS.json}`]: generateJson,
  [`opencode-${VERSIONS.sqlite}`]: generateSqlite,
  [`opencode-${VERSIONS.merged}-merged`]: generateMerged,
  claude: () => generateClaudeFixture(FIXTURES_DIR),
  [`claude-${CLAUDE_NEWER_VERSION}`]: () => generateClaudeFixture(FIXTURES_DIR, CLAUDE_NEWER_VERSION, 'small'),
  pi: () => generatePiFixture(FIXTURES_DIR),
  codex: () => generateCodexFixture(FIXTURES_DIR),
  gemini: () => generateGeminiFixture(FIXTURES_DIR),
  'gemini-legacy': () => generateGeminiLegacyFixture(FIXTURES_DIR),
  omp: () => generateOmpFixture(FIXTURES_DIR),
  omo: () => generateOmoFixture(FIXTURES_DIR),
  plans: () => generatePlanProgressOracle(FIXTURES_DIR),
};

/** `<agent>-<version>` is accepted for each agent's short name. */
const ALIASES: Record<string, string> = {
  [`claude-${CLAUDE_VERSION}`]: 'claude',
  [`pi-${PI_VERSION}`]: 'pi',
  [`codex-${CODEX_VERSION}`]: 'codex',
  [`gemini-${GEMINI_VERSION}`]: 'gemini',
  [`gemini-${GEMINI_LEGACY_VERSION}`]: 'gemini-legacy',
  [`omp-${OMP_VERSION}`]: 'omp',
  [`omo-${OMO_VERSION}`]: 'omo',
};

export async function generateFixtures(names: string[] = Object.keys(GENERATORS)): Promise<void> {
  const started = Date.now();
  names = names.map((name) => ALIASES[name] ?? name);
  for (const name of names) if (!GENERATORS[name]) throw new Error(`unknown fixture ${name}`);
  log('installing OpenCode binaries (cached)...');
  if (names.some((name) => name.startsWith('opencode-'))) await Promise.all(Object.values(VERSIONS).map((version) => ensureOpencode(version)));
  const server = await startModelServer(ALL_SCENARIOS);
  try {
    // Each fixture has its own HOME, so they can run side by side.
    await Promise.all(
      names.map(async (name) => {
        const t = Date.now();
        log(`${name}: generating`);
        await GENERATORS[name]!(server);
        log(`${name}: done in ${Math.round((Date.now() - t) / 1000)} s`);
      }),
    );
  } finally {
    await server.close();
  }
  log(`fixtures generated in ${Math.round((Date.now() - started) / 1000)} s`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  generateFixtures(process.argv.slice(2).length > 0 ? process.argv.slice(2) : undefined).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
