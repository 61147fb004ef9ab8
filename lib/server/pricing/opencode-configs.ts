import 'server-only';
import { createHash } from 'node:crypto';
import { unwatchFile, watchFile } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { configPriceTable, type ConfigPriceTable } from '@/lib/pricing/config-prices';
import { parseJsonc } from '@/lib/pricing/parse-jsonc';
import { readConfigFile } from './read-config-file';
import { appendAll } from '@/lib/arrays/append-all';

/** File names OpenCode reads its config from, strongest first (a later one overrides an earlier one in OpenCode's merge). */
const PROJECT_FILES = ['opencode.jsonc', 'opencode.json', '.opencode/opencode.jsonc', '.opencode/opencode.json'];
const GLOBAL_FILES = ['opencode.jsonc', 'opencode.json', 'config.json'];
const CONFIG_NAMES = [...new Set([...PROJECT_FILES, ...GLOBAL_FILES])].map((f) => f.split('/').join(path.sep));
const POLL_MS = 5_000;

/** `${XDG_CONFIG_HOME:-~/.config}/opencode`, where OpenCode keeps its global config. */
export function globalConfigDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.join(env.XDG_CONFIG_HOME || path.join(env.HOME || os.homedir(), '.config'), 'opencode');
}

/** A path as the hover shows it: the home folder as `~`. */
function shown(file: string, home: string): string {
  return home && file.startsWith(`${home}${path.sep}`) ? `~${file.slice(home.length)}` : file;
}

/**
 * The price tables of the opencode.json files that apply to a project folder, read once and kept
 * until a file changes (polled, a handful of stats every 5 s); `onChange` then reprices.
 */
export class OpencodeConfigs {
  private readonly files = new Map<string, ConfigPriceTable | undefined>();
  private readonly scopes = new Map<string, readonly ConfigPriceTable[]>();
  private readonly watched = new Set<string>();
  /** A digest of what each file read held ('-': nothing readable), kept while its table is. */
  private readonly digests = new Map<string, string>();
  private readonly home: string;

  constructor(
    private readonly globalDir: string,
    private readonly onChange?: () => void,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.home = env.HOME || os.homedir();
  }

  /** The tables for folders (strongest first, e.g. a session's directory, then its project's worktree), then the global config. */
  tablesFor(dirs: readonly string[]): readonly ConfigPriceTable[] {
    const key = dirs.join('\0');
    let tables = this.scopes.get(key);
    if (!tables) {
      const paths = [...new Set(dirs.filter((d) => path.isAbsolute(d) && d !== path.parse(d).root))].flatMap((d) => PROJECT_FILES.map((f) => path.join(/*turbopackIgnore: true*/ d, f)));
      appendAll(paths, GLOBAL_FILES.map((f) => path.join(/*turbopackIgnore: true*/ this.globalDir, f)));
      tables = paths.map((p) => this.table(p)).filter((t): t is ConfigPriceTable => t !== undefined && t.size > 0);
      this.scopes.set(key, tables);
    }
    return tables;
  }

  /** Every file read so far with its digest, in path order: what the prices given out rest on. */
  filesRead(): [string, string][] {
    return [...this.digests].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** Whether each file holds what its digest says (read now where not read yet, then followed as any other). */
  stillAs(files: readonly (readonly [string, string])[]): boolean {
    // Only files a config is read from: the list comes from the cache, not from this code.
    if (!files.every(([file]) => path.isAbsolute(file) && CONFIG_NAMES.some((name) => file.endsWith(`${path.sep}${name}`)))) return false;
    for (const [file] of files) this.table(file);
    return files.every(([file, digest]) => this.digests.get(file) === digest);
  }

  close(): void {
    for (const file of this.watched) unwatchFile(file);
    this.watched.clear();
  }

  private table(file: string): ConfigPriceTable | undefined {
    if (this.files.has(file)) return this.files.get(file);
    const text = readConfigFile(file);
    this.digests.set(file, text === undefined ? '-' : createHash('sha1').update(text).digest('base64url'));
    const table = text === undefined ? undefined : configPriceTable(parseJsonc(text), shown(file, this.home));
    this.files.set(file, table);
    this.watch(file);
    return table;
  }

  private watch(file: string): void {
    if (!this.onChange || this.watched.has(file)) return;
    this.watched.add(file);
    const listener = (now: { mtimeMs: number; size: number }, before: { mtimeMs: number; size: number }) => {
      if (now.mtimeMs === before.mtimeMs && now.size === before.size) return;
      this.files.delete(file);
      this.digests.delete(file);
      this.scopes.clear();
      this.onChange?.();
    };
    watchFile(file, { interval: POLL_MS, persistent: false }, listener);
  }
}
