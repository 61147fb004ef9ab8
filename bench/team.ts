import { runChild } from './lib/child';
import { ms, report } from './lib/figures';

interface TeamFigures {
  machines: number;
  sessions: number;
  messages: number;
  rollups: number;
  publishMs: number;
  republishMs: number;
  sizeBytes: number;
  byPersonMs: number;
  byPersonGroups: number;
  byDayMs: number;
  allTimeMs: number;
  listMs: number;
  fifthPageMs: number;
  activeMs: number;
  groupedMs: number;
  searchMs: number;
  toolsMs: number;
  texts: number;
  textBytes: number;
  textSearchMs: number;
  textSearchTotal: number;
  rareSearchMs: number;
  rareSearchTotal: number;
}

/**
 * `npm run bench -- --team [--machines 20] [--sessions 5000] [--messages 20]`: machines' session
 * databases published into one PostgreSQL (issue 27: 20 x 5,000 sessions, 2 million messages),
 * then the team overview and session list on it, each within 1 s.
 */
export async function benchTeam(options: { machines: number; sessions: number; messages: number; text: boolean }): Promise<void> {
  const f = await runChild<TeamFigures>('team-publish.ts', ['--machines', String(options.machines), '--sessions', String(options.sessions), '--messages', String(options.messages), ...(options.text ? ['--text'] : [])], 3 * 60 * 60_000);
  const section = `team (${f.machines} machines, ${f.sessions.toLocaleString('en-US')} sessions, ${f.messages.toLocaleString('en-US')} messages${options.text ? `, --publish-text: ${f.texts.toLocaleString('en-US')} texts` : ''})`;
  const perSecond = (n: number, msTaken: number) => `${Math.round(n / (msTaken / 1000)).toLocaleString('en-US')}/s`;
  // Each machine's own publish time, 4 publishing at once (their histories are generated between, not counted).
  const perMachine = f.publishMs / f.machines;
  report({ section, name: 'first publish, per machine (4 at once)', value: `${(perMachine / 1000).toFixed(1)} s`, note: `${(f.sessions / f.machines).toLocaleString('en-US')} sessions, ${(f.messages / f.machines).toLocaleString('en-US')} messages each` });
  report({ section, name: 'publish throughput into one PostgreSQL', value: perSecond(f.messages, f.publishMs / 4), note: `messages; ${perSecond(f.sessions, f.publishMs / 4)} sessions` });
  report({ section, name: 'publish again, nothing changed (per machine)', value: ms(f.republishMs / f.machines) });
  report({ section, name: 'database size', value: `${(f.sizeBytes / 2 ** 20).toFixed(0)} MiB`, note: `${f.rollups.toLocaleString('en-US')} usage rows` });
  const within = (name: string, value: number) => report({ section, name, value: ms(value), target: '<= 1 s', pass: value <= 1_000 });
  within(`overview: spend per person, 30 days (${f.byPersonGroups} people)`, f.byPersonMs);
  within('overview: spend per day, 30 days', f.byDayMs);
  within('all-time totals by model', f.allTimeMs);
  within('session list, first 100', f.listMs);
  within('session list, a page 5 pages in', f.fifthPageMs);
  within('running now (active in the last 10 min)', f.activeMs);
  within('session list grouped by person, first 200', f.groupedMs);
  within('team search (title, folder, model, agent), first 30', f.searchMs);
  within('tool calls per tool, 30 days', f.toolsMs);
  if (options.text) {
    report({ section, name: 'published text (part_text with its indexes)', value: `${(f.textBytes / 2 ** 20).toFixed(0)} MiB`, note: `${f.texts.toLocaleString('en-US')} rows` });
    within(`team text search, a common pair of words, newest 30 (${f.textSearchTotal.toLocaleString('en-US')}+ passages)`, f.textSearchMs);
    within(`team text search, a rare word, newest 30 (${f.rareSearchTotal.toLocaleString('en-US')} passages)`, f.rareSearchMs);
  }
}
