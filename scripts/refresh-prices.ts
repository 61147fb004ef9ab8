/**
 * Rebuilds lib/pricing/models-dev-snapshot.json, the price table the dashboard ships with (it never
 * fetches prices at run time).
 *
 *   npm run prices -- https://models.dev/api.json
 *   npm run prices -- ./api.json
 *   npm run prices -- node_modules/opencode-linux-x64/bin/opencode  # the snapshot OpenCode bundles
 *
 * Several sources may be given, newest first: older ones only add models since retired, which old
 * sessions still reference. `--out <file>` writes elsewhere.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { buildSnapshot, serialiseSnapshot, type ApiSource } from '../lib/pricing/build-snapshot';

const DEFAULT_OUT = 'lib/pricing/models-dev-snapshot.json';
// OpenCode inlines models.dev as an object literal whose providers look like `anthropic:{id:"anthropic",env:[`.
const PROVIDER_ENTRY = /([A-Za-z0-9_$]+|"[a-z0-9.-]+")\s*:\s*\{\s*id\s*:\s*"[a-z0-9.-]+"\s*,\s*env\s*:\s*\[/;

/** Index of the bracket closing the one at `start`, skipping string contents. */
function matchingBracket(text: string, start: number): number {
  let depth = 0;
  let quote: string | undefined;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'" || c === '`') quote = c;
    else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) return i;
    }
  }
  throw new Error('unterminated models.dev literal');
}

/** Outside strings, a data literal needs no calls, assignments or templates: refuse anything else. */
function assertPlainLiteral(literal: string): void {
  const code = literal.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  if (/[()=`;]/.test(code)) throw new Error('embedded models.dev data is not a plain object literal');
}

export function extractEmbeddedModelsDev(binary: Buffer): unknown {
  const text = binary.toString('latin1');
  const entry = PROVIDER_ENTRY.exec(text);
  if (!entry) throw new Error('no embedded models.dev data found');
  let start = entry.index - 1;
  while (start > 0 && /\s/.test(text[start] ?? '')) start--;
  if (text[start] !== '{') throw new Error('embedded models.dev data has an unexpected shape');
  const literal = Buffer.from(text.slice(start, matchingBracket(text, start) + 1), 'latin1').toString('utf8');
  assertPlainLiteral(literal);
  return vm.runInNewContext(`(${literal})`, Object.create(null), { timeout: 10_000 });
}

function binaryLabel(path: string): string {
  const pkg = join(dirname(path), '..', 'package.json');
  if (existsSync(pkg)) {
    const { name, version } = JSON.parse(readFileSync(pkg, 'utf8')) as { name?: string; version?: string };
    if (name && version) return `embedded in ${name}@${version}`;
  }
  return `embedded in ${path}`;
}

async function load(source: string): Promise<ApiSource> {
  if (/^https?:\/\//.test(source)) {
    const response = await fetch(source);
    if (!response.ok) throw new Error(`${source}: HTTP ${response.status}`);
    return { label: source, api: await response.json() };
  }
  const bytes = readFileSync(source);
  try {
    return { label: resolve(source).split('/').slice(-2).join('/'), api: JSON.parse(bytes.toString('utf8')) };
  } catch {
    return { label: binaryLabel(resolve(source)), api: extractEmbeddedModelsDev(bytes) };
  }
}

async function main(args: string[]): Promise<void> {
  const outFlag = args.indexOf('--out');
  const out = outFlag === -1 ? DEFAULT_OUT : args[outFlag + 1];
  const inputs = args.filter((_, i) => i !== outFlag && i !== outFlag + 1);
  if (!out || inputs.length === 0) {
    console.error('usage: refresh-prices <api.json | URL | opencode binary>... [--out file]');
    process.exit(2);
  }
  const sources = [];
  for (const input of inputs) sources.push(await load(input));
  const { snapshot, skipped } = buildSnapshot(sources, new Date().toISOString());
  writeFileSync(out, serialiseSnapshot(snapshot));
  const models = Object.values(snapshot.providers).reduce((n, m) => n + Object.keys(m).length, 0);
  console.log(`${out}: ${models} models, data as of ${snapshot.dataDate}, ${skipped} records skipped`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
