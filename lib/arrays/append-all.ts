/**
 * Appends every item of `items` to `into`. `into.push(...items)` passes each item as an argument
 * on the stack, and throws "Maximum call stack size exceeded" past about 100,000 of them: one big
 * transcript or database must never drop a source that way. Lint forbids the spread form.
 */
export function appendAll<T>(into: T[], items: Iterable<T>): T[] {
  for (const item of items) into.push(item);
  return into;
}

/** The largest of `values`, or `floor` when there are none or all are smaller (no spread into `Math.max`). */
export function maxOf(values: Iterable<number>, floor = Number.NEGATIVE_INFINITY): number {
  let max = floor;
  for (const value of values) if (value > max) max = value;
  return max;
}
