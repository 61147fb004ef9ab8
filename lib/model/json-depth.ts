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
 * nests no deeper than the number of `{` and `[` in its text. Counted with the engine's own
 * `indexOf` (a character loop in JavaScript was ~4% of a search build's time), each kind up to the
 * limit only.
 */
export function parsedNestsDeeperThan(text: string, value: unknown, limit = MAX_JSON_DEPTH): boolean {
  if (text.length <= limit) return false;
  const braces = countUpTo(text, '{', limit);
  if (braces + countUpTo(text, '[', limit - braces) > limit) return nestsDeeperThan(value, limit);
  return false;
}

/** How many times `char` occurs in `text`, counting no further than `limit + 1`. */
function countUpTo(text: string, char: string, limit: number): number {
  let count = 0;
  for (let at = text.indexOf(char); at >= 0 && count <= limit; at = text.indexOf(char, at + 1)) count++;
  return count;
}

export const TOO_DEEP_REASON = `nested more than ${MAX_JSON_DEPTH} levels deep: skipped`;
