/** USD per 1M tokens, as models.dev publishes them. */
export interface TokenRates {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

/** What one model costs, and how much context it takes (for the context-window gauge). */
export interface ModelPrice extends TokenRates {
  /** Rates once a request's input + cache read passes 200K tokens (models.dev `context_over_200k`). */
  over200k?: TokenRates;
  contextLimit?: number;
}

/**
 * How a price was found:
 * - `exact`: the provider lists the model under that id;
 * - `alias`: the provider lists it under a variant spelling (dots, date suffix, region prefix);
 * - `equivalent`: the provider's own entry is missing or free (subscriptions store 0), so the
 *   API price of the same model at another provider stands in;
 * - `free`: the model is listed at $0 and no paid equivalent exists;
 * - `config`: the user priced the model in an opencode.json (`provider.<id>.models.<id>.cost`).
 */
export type PriceMatchKind = 'exact' | 'alias' | 'equivalent' | 'free' | 'config';

export interface PriceMatch {
  price: ModelPrice;
  /** Where the rates came from (differs from the message's provider for `equivalent`). */
  providerID: string;
  modelID: string;
  via: PriceMatchKind;
  /** For `config`: the file the price came from, as shown ("~/.config/opencode/opencode.json"). */
  source?: string;
}

/**
 * Resolves a message's provider + model to a price; `undefined` means unpriced, never $0. The
 * session is passed where known: a project's own opencode.json can price its sessions differently.
 */
export type PriceResolver = ((providerID: string | undefined, modelID: string | undefined, sessionID?: string) => PriceMatch | undefined) & {
  /**
   * The model's context window where a config names one without a price (a model models.dev does
   * not list has no match, yet its configured limit holds). Absent: the match's `contextLimit`.
   */
  contextLimit?: (providerID: string | undefined, modelID: string | undefined, sessionID?: string) => number | undefined;
};

