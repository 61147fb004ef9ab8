import 'server-only';
import os from 'node:os';

/** Who publishes: `--machine` or the host name, `--person` or the OS user name (a container may have none). */
export function machineIdentity(flags: { machine?: string; person?: string }, env: NodeJS.ProcessEnv = process.env): { machine: string; person: string } {
  const user = () => {
    try {
      return os.userInfo().username;
    } catch {
      return env.USER ?? env.LOGNAME ?? 'unknown';
    }
  };
  const machine = flags.machine?.trim() || env.SESSIONSCOPE_MACHINE?.trim() || os.hostname();
  const person = flags.person?.trim() || env.SESSIONSCOPE_PERSON?.trim() || user();
  return { machine, person };
}
