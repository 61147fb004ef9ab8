import type { TeamSessionRow } from './team-query';

/** Words of a team search, lower case (quotes and a leading minus are not search syntax here: every word must be somewhere). */
export function searchWords(text: string | undefined): string[] {
  const words = (text ?? '')
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/^["'-]+|["']+$/g, ''))
    .filter(Boolean);
  return [...new Set(words)].slice(0, 10);
}

export type TeamSearchField = 'title' | 'folder' | 'model' | 'agent';

/** Where a session found by a team search holds the words: what its row says (the query matched in SQL). */
export function matchedFields(row: Pick<TeamSessionRow, 'title' | 'directory' | 'models' | 'agents'>, text: string): TeamSearchField[] {
  const words = searchWords(text);
  const has = (value: string) => words.some((w) => value.toLowerCase().includes(w));
  const fields: TeamSearchField[] = [];
  if (has(row.title)) fields.push('title');
  if (has(row.directory)) fields.push('folder');
  if (row.models.some(has)) fields.push('model');
  if (row.agents.some(has)) fields.push('agent');
  return fields;
}
