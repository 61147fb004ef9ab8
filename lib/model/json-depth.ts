/** Deepest nesting of arrays and objects a record may have; deeper ones are skipped, not rendered. */
export const MAX_JSON_DEPTH = 200;

/**
 * Whether `value` nests arrays/objects more than `limit` levels deep. Iterative, so a 100,000-deep
 * value does not overflow the stack that checks it (rendering or validating it recursively would).
 */
export function nestsDeeperThan(value: unknown, limit = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [next, depth] = stack.pop() as [unknown, number];
    if (next === null || typeof next !== 'object') continue;
    if (depth > limit) return true;
    for (const child of Object.values(next)) if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The same for a value parsed from `text`, without walking it when it cannot be that deep: a value
 * nests no deeper than the number of `{` and `[` in its text (a count of one pass over characters,
 * no allocation; walking every record of the first read was ~7% of it).
 */
export function parsedNestsDeeperThan(text: string, value: unknown, limit = MAX_JSON_DEPTH): boolean {
  let opens = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if ((c === 0x7b || c === 0x5b) && ++opens > limit) return nestsDeeperThan(value, limit);
  }
  return false;
}

export const TOO_DEEP_REASON = `nested more than ${MAX_JSON_DEPTH} levels deep: skipped`;
