import 'server-only';
import type { Env } from './otlp-env';

export type OtlpProtocol = 'http/protobuf' | 'http/json';

/** Where traces go and how they are encoded. */
export interface OtlpTarget {
  /** The traces URL (`.../v1/traces`): also the ledger's key. */
  url: string;
  protocol: OtlpProtocol;
}

const TRACES_PATH = '/v1/traces';

/** A base endpoint as OTEL_EXPORTER_OTLP_ENDPOINT names it gets the signal's path; a full traces URL is kept. */
function tracesUrlOf(base: string): string {
  const trimmed = base.replace(/\/+$/, '');
  return trimmed.endsWith(TRACES_PATH) ? trimmed : `${trimmed}${TRACES_PATH}`;
}

function checkedUrl(text: string, from: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`${from} must be a URL, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${from} must be an http(s) URL (OTLP/HTTP), got "${text}"`);
  // The URL is printed and kept in the ledger: a secret belongs in the headers variable, never in it.
  if (url.username || url.password) throw new Error(`${from} must not hold a user name or password: put the key in OTEL_EXPORTER_OTLP_HEADERS`);
  return url.toString().replace(/\/+$/, '');
}

/**
 * `--otlp URL` (a base endpoint, as OTEL_EXPORTER_OTLP_ENDPOINT, or a full `/v1/traces` URL) wins;
 * then the standard variables: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is, OTEL_EXPORTER_OTLP_ENDPOINT
 * plus `/v1/traces`. The protocol: OTEL_EXPORTER_OTLP_TRACES_PROTOCOL or OTEL_EXPORTER_OTLP_PROTOCOL,
 * `http/protobuf` by default. Headers (an API key) are read by the exporter itself
 * (OTEL_EXPORTER_OTLP_HEADERS, OTEL_EXPORTER_OTLP_TRACES_HEADERS).
 */
export function resolveOtlpTarget(flag: string | undefined, env: Env = process.env): OtlpTarget {
  const protocolText = (env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL || env.OTEL_EXPORTER_OTLP_PROTOCOL || 'http/protobuf').trim();
  if (protocolText !== 'http/protobuf' && protocolText !== 'http/json') throw new Error(`OTLP protocol "${protocolText}" is not supported: use http/protobuf (the default) or http/json`);
  const protocol: OtlpProtocol = protocolText;
  if (flag?.trim()) return { url: tracesUrlOf(checkedUrl(flag.trim(), '--otlp')), protocol };
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim();
  if (traces) return { url: checkedUrl(traces, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'), protocol };
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  if (base) return { url: tracesUrlOf(checkedUrl(base, 'OTEL_EXPORTER_OTLP_ENDPOINT')), protocol };
  throw new Error('no OTLP endpoint: give --otlp URL or set OTEL_EXPORTER_OTLP_ENDPOINT');
}
