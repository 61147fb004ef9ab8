import { formatCount } from './format-tokens';

/** "1 turn", "2 turns", "1,204 parts"; irregular plurals passed in. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${Math.round(n) === 1 ? one : many}`;
}
