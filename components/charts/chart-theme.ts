// Colours come from CSS variables (globals.css), so charts follow light and dark mode.
export const TOKEN_SERIES = [
  { key: 'input', name: 'Input', color: 'var(--c-input)' },
  { key: 'output', name: 'Output', color: 'var(--c-output)' },
  { key: 'reasoning', name: 'Reasoning', color: 'var(--c-reasoning)' },
  { key: 'cacheRead', name: 'Cache read', color: 'var(--c-cache-read)' },
  { key: 'cacheWrite', name: 'Cache write', color: 'var(--c-cache-write)' },
] as const;

export const COST_COLOR = 'var(--c-cost)';
export const PALETTE = ['var(--c-1)', 'var(--c-2)', 'var(--c-3)', 'var(--c-4)', 'var(--c-5)', 'var(--c-6)', 'var(--c-7)'];

export const AXIS_TICK = { fill: 'var(--muted)', fontSize: 11 };
export const GRID_STROKE = 'var(--border)';
export const TOOLTIP_STYLE = { background: 'var(--panel)', border: '1px solid var(--border)', borderRadius: 6, color: 'var(--fg)', fontSize: 12 };
