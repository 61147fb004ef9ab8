import 'server-only';
import type Database from 'better-sqlite3';

export type DatabaseConstructor = typeof Database;

/** Whether the native SQLite module loaded: `undefined` until something needed it. */
export interface SqliteSupport {
  available: boolean | undefined;
  /** One line saying what failed and what to do, when it did not load. */
  error?: string;
}

// On globalThis: Next's server entries each evaluate this module, and the line is printed once.
const state = ((globalThis as { [key: symbol]: unknown })[Symbol.for('sessionscope.sqlite')] ??= {
  support: { available: undefined },
}) as { loading?: Promise<DatabaseConstructor>; support: SqliteSupport };
const { support } = state;

/**
 * better-sqlite3 is a native addon compiled at install: a missing build or one for another Node
 * loses only OpenCode's database, so it is loaded on first use (never at import) and a failure
 * becomes one message; the JSON tree, Claude Code and pi keep working. Printed once.
 */
export function loadBetterSqlite(): Promise<DatabaseConstructor> {
  state.loading ??= load();
  return state.loading;
}

async function load(): Promise<DatabaseConstructor> {
  try {
    const Constructor = (await import('better-sqlite3')).default;
    // The addon itself loads at the first connection: open one in memory to find out now.
    new Constructor(':memory:').close();
    support.available = true;
    return Constructor;
  } catch (error) {
    const reason = ((error as Error)?.message || String(error)).split('\n')[0]?.slice(0, 300) ?? '';
    support.available = false;
    support.error = unavailableMessage(reason, process.env.SESSIONSCOPE_INSTALL_DIR);
    console.error(`sessionscope: ${support.error}`);
    // Each database read fails with the short form; the line above says what to do, once.
    throw new Error(`SQLite support unavailable: better-sqlite3 could not load (${reason})`);
  }
}

export function sqliteSupport(): SqliteSupport {
  return { ...support };
}

/** The line shown in the terminal, /api/health and Diagnostics. */
export function unavailableMessage(reason: string, installDir: string | undefined): string {
  const where = installDir ? ` in ${installDir}` : '';
  return (
    `SQLite support unavailable: better-sqlite3 could not load (${reason}); ` +
    `run \`npm rebuild better-sqlite3\`${where} (it needs python3, make and a C++ compiler) and restart.`
  );
}
