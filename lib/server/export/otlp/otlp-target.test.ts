import { describe, expect, it } from 'vitest';
import { resolveOtlpTarget } from './otlp-target';

describe('resolveOtlpTarget', () => {
  it('adds /v1/traces to a base endpoint, as the OTLP exporters do, and keeps a full traces URL', () => {
    expect(resolveOtlpTarget('https://cloud.langfuse.com/api/public/otel', {})).toEqual({ url: 'https://cloud.langfuse.com/api/public/otel/v1/traces', protocol: 'http/protobuf' });
    expect(resolveOtlpTarget('http://localhost:6006/v1/traces', {}).url).toBe('http://localhost:6006/v1/traces');
    expect(resolveOtlpTarget(undefined, { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).url).toBe('http://collector:4318/v1/traces');
  });

  it('takes the flag over the traces variable over the base variable', () => {
    const env = { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://a:4318/custom', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://b:4318' };
    expect(resolveOtlpTarget(undefined, env).url).toBe('http://a:4318/custom');
    expect(resolveOtlpTarget('http://c:4318', env).url).toBe('http://c:4318/v1/traces');
  });

  it('reads the protocol, and refuses gRPC and a missing endpoint in words', () => {
    expect(resolveOtlpTarget('http://a', { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' }).protocol).toBe('http/json');
    expect(resolveOtlpTarget('http://a', { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf' }).protocol).toBe('http/protobuf');
    expect(() => resolveOtlpTarget('http://a', { OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(/grpc.*not supported/);
    expect(() => resolveOtlpTarget(undefined, {})).toThrow(/--otlp URL or set OTEL_EXPORTER_OTLP_ENDPOINT/);
    expect(() => resolveOtlpTarget('file:///etc', {})).toThrow(/http\(s\)/);
    expect(() => resolveOtlpTarget('https://pk:sk@cloud.langfuse.com/api/public/otel', {})).toThrow(/OTEL_EXPORTER_OTLP_HEADERS/);
  });
});
