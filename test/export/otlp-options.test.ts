// `sessionscope --otlp URL [--export-text]`: the launcher's flags reach the dashboard's follower as
// the variables lib/server/export/otlp/ reads.
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM launcher module without type declarations
import { applyOptionsToEnv as untypedApply, parseOptions as untypedParse } from '../../bin/options.mjs';
import { OTLP_ENV } from '@/lib/server/export/otlp/otlp-env';

const parseOptions = untypedParse as (values: Record<string, unknown>, env?: Record<string, string>) => Record<string, unknown>;
const applyOptionsToEnv = untypedApply as (options: Record<string, unknown>, env: Record<string, string | undefined>) => void;

describe('--otlp', () => {
  it('hands the endpoint and --export-text to the dashboard', () => {
    const env: Record<string, string | undefined> = {};
    applyOptionsToEnv(parseOptions({ otlp: 'http://localhost:6006', 'export-text': true }, {}), env);
    expect(env[OTLP_ENV.endpoint]).toBe('http://localhost:6006');
    expect(env[OTLP_ENV.text]).toBe('1');
  });

  it('sends no text without --export-text, and nothing without --otlp', () => {
    const withUrl: Record<string, string | undefined> = {};
    applyOptionsToEnv(parseOptions({ otlp: 'http://localhost:6006' }, {}), withUrl);
    expect(withUrl[OTLP_ENV.text]).toBeUndefined();
    const without: Record<string, string | undefined> = {};
    applyOptionsToEnv(parseOptions({ 'export-text': true }, {}), without);
    expect(without[OTLP_ENV.endpoint]).toBeUndefined();
    expect(without[OTLP_ENV.text]).toBeUndefined();
  });

  it('refuses what is not an http(s) URL', () => {
    expect(() => parseOptions({ otlp: 'collector:4318x' }, {})).toThrow(/--otlp must be/);
    expect(() => parseOptions({ otlp: 'not a url' }, {})).toThrow(/--otlp must be a URL/);
  });
});
