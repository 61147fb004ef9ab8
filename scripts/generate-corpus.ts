// Writes a large, realistic OpenCode history for benchmarks:
//   npm run corpus -- --out DIR --sessions N [--format json|sqlite|both] [--seed S] [--huge-parts N]
import { parseArgs } from 'node:util';
import { generateCorpus, type CorpusFormat } from './corpus/generate';

const USAGE = 'usage: npm run corpus -- --out DIR --sessions N [--format json|sqlite|both] [--seed S] [--huge-parts N]';

function main(): void {
  const { values } = parseArgs({
    options: {
      out: { type: 'string' },
      sessions: { type: 'string' },
      format: { type: 'string', default: 'both' },
      seed: { type: 'string', default: '1' },
      'huge-parts': { type: 'string', default: '10000' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const sessions = Number(values.sessions);
  const format = values.format as CorpusFormat;
  if (values.help || !values.out || !Number.isInteger(sessions) || sessions < 1 || !['json', 'sqlite', 'both'].includes(format)) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const result = generateCorpus({ out: values.out, sessions, format, seed: Number(values.seed), hugeSessionParts: Number(values['huge-parts']) });
  console.log(JSON.stringify(result, null, 2));
}

main();
