/** Zero-width characters oh-my-opencode puts in front of names to order them in menus. */
const INVISIBLE = /[\u200B-\u200F\u2060-\u2064\uFEFF\u00AD]/g;
/** `1|Sisyphus`, `2 | Oracle`: menu-order prefixes. */
const ORDER_PREFIX = /^\s*\d+\s*\|\s*/;
/** `Sisyphus - ultraworker`, `Sisyphus — plan`: a mode suffix on the same agent. */
const MODE_SUFFIX = /\s+[-–—]\s+.*$/;

export interface AgentName {
  /** Grouping key: case-insensitive. */
  key: string;
  /** The cleaned name as written. */
  label: string;
}

/** Cleans an agent display name so its variants group together; `undefined` for none. */
export function normaliseAgentName(raw: string | undefined): AgentName | undefined {
  if (raw === undefined) return undefined;
  const label = raw.replace(INVISIBLE, '').replace(ORDER_PREFIX, '').replace(MODE_SUFFIX, '').trim();
  return label ? { key: label.toLowerCase(), label } : undefined;
}
