import 'server-only';
import type { Env } from './otlp-env';
import { ExportResultCode } from '@opentelemetry/core';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { OtlpTarget } from './otlp-target';

export interface TraceSender {
  /** Resolves once the endpoint acknowledged the spans (2xx); rejects when it refused them after the retries. */
  send(spans: ReadableSpan[]): Promise<void>;
  shutdown(): Promise<void>;
}

/** Without OTEL_EXPORTER_OTLP_TIMEOUT: time for the exporter's retries (429, 502-504, network errors; Retry-After honoured). */
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * A CommonJS package's exports from its dynamic import: node names them on the namespace, but the
 * package's bundle (split into chunks, scripts/package/bundle-cli.mjs) hands over only `default`.
 */
function commonJs<T extends object>(namespace: T & { default?: unknown }): T {
  return (namespace.default ?? namespace) as T;
}

/**
 * The official OTLP/HTTP exporter for the protocol (protobuf or JSON): its encoding, its transport,
 * its retries with backoff. Loaded when asked for: the dashboard without `--otlp` never loads it.
 */
export async function createTraceSender(target: OtlpTarget, env: Env = process.env): Promise<TraceSender> {
  const config = { url: target.url, ...(env.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT || env.OTEL_EXPORTER_OTLP_TIMEOUT ? {} : { timeoutMillis: DEFAULT_TIMEOUT_MS }) };
  const { OTLPTraceExporter } = commonJs(target.protocol === 'http/json' ? await import('@opentelemetry/exporter-trace-otlp-http') : await import('@opentelemetry/exporter-trace-otlp-proto'));
  const exporter: SpanExporter = new OTLPTraceExporter(config);
  return {
    send: (spans) =>
      new Promise((resolve, reject) => {
        exporter.export(spans, (result) => {
          if (result.code === ExportResultCode.SUCCESS) resolve();
          else reject(result.error ?? new Error('the endpoint refused the traces'));
        });
      }),
    shutdown: () => exporter.shutdown(),
  };
}
