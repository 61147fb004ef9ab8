import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CorpusGenerator, type CorpusCounts, type CorpusOptions } from './corpus-generator';
import { jsonTreeSink } from './json-sink';
import { teeSinks, type CorpusSink } from './records';
import { sqliteSink } from './sqlite-sink';

export type CorpusFormat = 'json' | 'sqlite' | 'both';

/** The id counter wrapped on 2026-08-14: the default window spans it (mid-May to mid-November 2026). */
export const DEFAULT_START = Date.UTC(2026, 4, 15);
export const DEFAULT_END = Date.UTC(2026, 10, 15);

export interface GenerateOptions extends Partial<CorpusOptions> {
  out: string;
  sessions: number;
  format?: CorpusFormat;
}

export interface GenerateResult extends CorpusCounts {
  jsonDir?: string;
  sqliteDir?: string;
  seconds: number;
}

/**
 * Writes `out/json/storage/...` and/or `out/sqlite/opencode.db`. Either is a valid `--opencode-dir`.
 * Both come from one pass, so they hold the same records.
 */
export function generateCorpus(options: GenerateOptions): GenerateResult {
  const started = performance.now();
  const format = options.format ?? 'both';
  const sinks: CorpusSink[] = [];
  const result: Partial<GenerateResult> = {};
  if (format !== 'sqlite') {
    const dir = path.join(options.out, 'json');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(path.join(dir, 'storage'), { recursive: true });
    sinks.push(jsonTreeSink(path.join(dir, 'storage')));
    result.jsonDir = dir;
  }
  if (format !== 'json') {
    const dir = path.join(options.out, 'sqlite');
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    sinks.push(sqliteSink(path.join(dir, 'opencode.db')));
    result.sqliteDir = dir;
  }
  const generator = new CorpusGenerator(
    {
      sessions: options.sessions,
      seed: options.seed ?? 1,
      start: options.start ?? DEFAULT_START,
      end: options.end ?? DEFAULT_END,
      messagesPerSession: options.messagesPerSession ?? 20,
      partsPerMessage: options.partsPerMessage ?? 5,
      hugeSessionParts: options.hugeSessionParts ?? 10_000,
    },
    sinks.length === 1 ? (sinks[0] as CorpusSink) : teeSinks(sinks),
  );
  const counts = generator.run();
  if (result.sqliteDir && existsSync(path.join(result.sqliteDir, 'opencode.db-wal'))) throw new Error('database was not closed cleanly');
  const done: GenerateResult = { ...counts, ...result, seconds: (performance.now() - started) / 1000 };
  // The manifest lets benchmarks reuse a corpus (`npm run bench -- --scale --corpus DIR`).
  writeFileSync(path.join(options.out, 'corpus.json'), `${JSON.stringify(done, null, 2)}\n`);
  return done;
}
