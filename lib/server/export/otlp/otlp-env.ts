/** Set by `sessionscope --otlp URL` (bin/options.mjs applyOptionsToEnv); `--export-text` sets the second. */
export const OTLP_ENV = { endpoint: 'SESSIONSCOPE_OTLP', text: 'SESSIONSCOPE_OTLP_TEXT' } as const;

/** The variables the export reads (process.env, or a test's own). */
export type Env = Readonly<Record<string, string | undefined>>;
