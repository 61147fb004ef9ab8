/** Token counts split the way providers bill them. */
export interface TokenCounts {
  input: number;
  output: number;
  reasoning: number;
  cacheRead: number;
  cacheWrite: number;
}

export const ZERO_TOKENS: Readonly<TokenCounts> = Object.freeze({
  input: 0,
  output: 0,
  reasoning: 0,
  cacheRead: 0,
  cacheWrite: 0,
});

export function emptyTokens(): TokenCounts {
  return { ...ZERO_TOKENS };
}

/** Adds `b` into `a` in place and returns `a`. */
export function addTokensInto(a: TokenCounts, b: Readonly<TokenCounts>): TokenCounts {
  a.input += b.input;
  a.output += b.output;
  a.reasoning += b.reasoning;
  a.cacheRead += b.cacheRead;
  a.cacheWrite += b.cacheWrite;
  return a;
}

export function sumTokens(list: Iterable<Readonly<TokenCounts>>): TokenCounts {
  const total = emptyTokens();
  for (const t of list) addTokensInto(total, t);
  return total;
}

export function totalTokenCount(t: Readonly<TokenCounts>): number {
  return t.input + t.output + t.reasoning + t.cacheRead + t.cacheWrite;
}
