import 'server-only';
import { COMMANDS } from './commands';

/** `sessionscope <command> ...`: runs the command; resolves to the exit code (2 for a usage error). */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const entry = name ? COMMANDS[name] : undefined;
  if (!entry) {
    const known = Object.entries(COMMANDS).map(([n, c]) => `  ${n.padEnd(12)} ${c.summary}`);
    console.error(`sessionscope: no command "${name ?? ''}"${known.length ? `; the commands:\n${known.join('\n')}` : ''}`);
    return 2;
  }
  try {
    return await (await entry.load()).run(args);
  } catch (error) {
    console.error(`sessionscope ${name}: ${(error as Error).message}`);
    return 1;
  }
}
