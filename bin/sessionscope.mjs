#!/usr/bin/env node
// Starts the dashboard: `sessionscope [--port N] [--host H] [--opencode-dir DIR]` (a clone: `npm start -- ...`),
// or runs one command and exits: `sessionscope report daily`, `sessionscope export --otlp URL` (bin/subcommand.mjs).
import { relaunchForMemory } from './relaunch.mjs';

// Linux: the dashboard runs in a child started with glibc's malloc told to give freed memory back and
// V8's heap growth bounded (bin/relaunch.mjs), decided before anything else is loaded: the launcher
// only waits for it. A command, `--help` and `--version` run here. Settles only where this process
// goes on.
await relaunchForMemory(process.argv.slice(2));

const { readFileSync } = await import('node:fs');
const { default: http } = await import('node:http');
const { default: path } = await import('node:path');
const { fileURLToPath } = await import('node:url');
const { parseArgs } = await import('node:util');
const { createNextApp, locateApp, sqliteInstallDir, sqliteLoadProblem } = await import('./app.mjs');
const { openBrowser } = await import('./open-browser.mjs');
const { applyOptionsToEnv, HELP, parseOptions, teamLine } = await import('./options.mjs');
const { runSubcommand, SUBCOMMANDS } = await import('./subcommand.mjs');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (SUBCOMMANDS.includes(process.argv[2] ?? '')) {
  process.env.SQLITE_USE_URI ??= '1';
  process.exitCode = await runSubcommand(root, process.argv.slice(2));
  // Commands close what they open; a stray timer (a retry's pause) never keeps a finished command alive.
  setTimeout(() => process.exit(), 2_000).unref();
} else {
  await serveDashboard();
}

async function serveDashboard() {
  let options;
  try {
    options = parseOptions(parseArgs({ args: process.argv.slice(2), options: OPTION_SPEC(), allowPositionals: false, strict: true }).values);
  } catch (error) {
    console.error(`sessionscope: ${error.message}\n\n${HELP}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(HELP);
    process.exit(0);
  }
  if (options.version) {
    console.log(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version);
    process.exit(0);
  }
  applyOptionsToEnv(options, process.env);
  // SQLite URI names (`file:...?immutable=1`) for OpenCode's database; read when the first connection opens.
  process.env.SQLITE_USE_URI ??= '1';
  // A local, offline tool: Next's anonymous telemetry stays off for the build and the server.
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  // Named in the one line printed when better-sqlite3 cannot load (lib/server/readers/opencode/sqlite/).
  process.env.SESSIONSCOPE_INSTALL_DIR = sqliteInstallDir(root);
  const sqliteProblem = sqliteLoadProblem(root);
  if (sqliteProblem !== undefined) {
    console.error(
      `sessionscope: SQLite support unavailable: better-sqlite3 could not load (${sqliteProblem}); ` +
        `run \`npm rebuild better-sqlite3\` in ${process.env.SESSIONSCOPE_INSTALL_DIR} (it needs python3, make and a C++ compiler) and start again. ` +
        'Sessionscope keeps the history it reads in a SQLite database and cannot start without it.',
    );
    process.exit(1);
  }

  const app = await createNextApp(locateApp(root), options);
  await app.prepare();
  const handle = app.getRequestHandler();
  const { guardRequest, SECURITY_HEADERS } = await import('./guard.mjs');
  const guard = guardRequest(options);

  // Requests being answered, read by the store's first read to let them out between its stages
  // (lib/server/http/request-activity.ts). The live event stream stays open: not counted. Totals
  // (`/api/stats`) answer from the session database alone: a restart that finds it whole serves
  // them before it lists the sessions again.
  const activity = (globalThis[Symbol.for('sessionscope.requests')] ??= { inFlight: 0, totals: 0 });

  const server = http.createServer((req, res) => {
    // Before anything answers: Next's own redirects (`//api/x`, a trailing slash), 404s and errors carry them too.
    for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
    if (!guard(req, res)) return;
    if (!req.url?.startsWith('/api/events')) {
      activity.inFlight++;
      res.once('close', () => activity.inFlight--);
    }
    if (req.url?.startsWith('/api/stats')) {
      activity.totals++;
      res.once('close', () => activity.totals--);
    }
    handle(req, res);
  });
  // Node answers a request it cannot parse itself: with the same headers, and nothing of the request.
  const clientErrorHead = ['HTTP/1.1 400 Bad Request', ...SECURITY_HEADERS.map(([name, value]) => `${name}: ${value}`), 'Content-Length: 0', 'Connection: close', '', ''].join('\r\n');
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end(clientErrorHead);
    else socket.destroy();
  });
  server.on('error', (error) => {
    console.error(`sessionscope: cannot listen on ${options.host}:${options.port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(options.port, options.host, () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const shownHost = options.host.includes(':') ? `[${options.host}]` : options.host;
    console.log(`sessionscope: ready on http://${shownHost}:${port}/`);
    const team = teamLine(options);
    if (team) console.log(team);
    if (options.token) console.log(`sessionscope: access token (shown once): ${options.token}\n  open http://${shownHost}:${port}/?token=${options.token}`);
    if (options.open) openBrowser(`http://${shownHost}:${port}/${options.token ? `?token=${options.token}` : ''}`);
  });
}

function OPTION_SPEC() {
  return {
    port: { type: 'string', short: 'p' },
    host: { type: 'string' },
    'opencode-dir': { type: 'string' },
    'omp-dir': { type: 'string' },
    'pi-dir': { type: 'string' },
    'claude-dir': { type: 'string' },
    'codex-dir': { type: 'string' },
    'gemini-dir': { type: 'string' },
    project: { type: 'string', multiple: true },
    'opencode-url': { type: 'string', multiple: true },
    'no-opencode-discovery': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
    version: { type: 'boolean', short: 'v' },
    open: { type: 'boolean' },
    otlp: { type: 'string' },
    'export-text': { type: 'boolean' },
    'team-db': { type: 'string' },
    'team-only': { type: 'boolean' },
    'publish-text': { type: 'boolean' },
    machine: { type: 'string' },
    person: { type: 'string' },
  };
}
