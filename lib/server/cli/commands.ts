import 'server-only';

/** One `sessionscope <name> ...` command: its arguments after the name, its exit code. */
export interface Command {
  summary: string;
  run(args: string[]): Promise<number>;
}

/**
 * Every command, loaded when named (a report never loads the OpenTelemetry exporter). Its name must
 * also be in bin/subcommand.mjs's SUBCOMMANDS, which hands it over before the dashboard starts.
 */
export const COMMANDS: Record<string, { summary: string; load(): Promise<Command> }> = {
  export: { summary: 'send every session as OpenTelemetry traces (--otlp URL)', load: async () => (await import('./commands/export')).exportCommand },
  report: { summary: 'usage reports: daily, weekly, monthly, session, blocks (five-hour windows)', load: async () => (await import('./commands/report')).report },
  statusline: { summary: "one line for a status bar: today's spend, the active block, the session's context use", load: async () => (await import('./commands/statusline')).statusline },
  publish: { summary: "publish this machine's sessions into a team's PostgreSQL", load: async () => (await import('./commands/publish/publish-command')).publishCommand },
};
