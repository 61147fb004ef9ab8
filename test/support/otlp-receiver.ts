// A loopback OTLP/HTTP receiver for tests: it decodes what an exporter sends with the official
// OpenTelemetry packages (the protobuf types generated in @opentelemetry/otlp-transformer; JSON as
// OTLP/JSON writes it) and answers each request as the test says (a 503 with Retry-After, a 429...).
import { createRequire } from 'node:module';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const require = createRequire(import.meta.url);
interface Decoder {
  decode(bytes: Uint8Array): unknown;
  toObject(message: unknown, options: Record<string, unknown>): unknown;
}
const root = require('@opentelemetry/otlp-transformer/build/src/generated/root') as { opentelemetry: { proto: { collector: { trace: { v1: { ExportTraceServiceRequest: Decoder } } } } } };
const ExportTraceServiceRequest = root.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;

export type AttributeValue = string | number | boolean | AttributeValue[] | undefined;

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startMs: number;
  endMs: number;
  attributes: Record<string, AttributeValue>;
  status: { code: number; message?: string };
  resource: Record<string, AttributeValue>;
}

export interface ReceivedRequest {
  contentType: string;
  status: number;
  spans: ReceivedSpan[];
  headers: http.IncomingHttpHeaders;
}

/** The answer to the n-th request (0-based): a status and headers; 200 accepts it. */
export type Responder = (n: number) => { status: number; headers?: Record<string, string> };

export interface OtlpReceiver {
  /** The base endpoint (as OTEL_EXPORTER_OTLP_ENDPOINT): exporters post to `${url}/v1/traces`. */
  url: string;
  requests: ReceivedRequest[];
  /** Spans of the requests answered 200, in arrival order. */
  accepted(): ReceivedSpan[];
  respond: Responder;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

function valueOf(any: Json | undefined): AttributeValue {
  if (!any) return undefined;
  if ('stringValue' in any && any.stringValue != null) return String(any.stringValue);
  if ('boolValue' in any && any.boolValue != null) return Boolean(any.boolValue);
  if ('intValue' in any && any.intValue != null) return Number(any.intValue);
  if ('doubleValue' in any && any.doubleValue != null) return Number(any.doubleValue);
  if ('arrayValue' in any && any.arrayValue) return (((any.arrayValue as Json).values as Json[] | undefined) ?? []).map(valueOf);
  return undefined;
}

function attributesOf(list: Json[] | undefined): Record<string, AttributeValue> {
  return Object.fromEntries((list ?? []).map((kv) => [String(kv.key), valueOf(kv.value as Json)]));
}

/** Ids arrive as bytes (protobuf, read here as base64) or hex (OTLP/JSON). */
function hexOf(id: unknown, protobuf: boolean): string | undefined {
  if (id == null || id === '') return undefined;
  return protobuf ? Buffer.from(String(id), 'base64').toString('hex') : String(id);
}

function spansOf(request: Json, protobuf: boolean): ReceivedSpan[] {
  const spans: ReceivedSpan[] = [];
  for (const rs of (request.resourceSpans as Json[] | undefined) ?? []) {
    const resource = attributesOf((rs.resource as Json | undefined)?.attributes as Json[] | undefined);
    for (const ss of (rs.scopeSpans as Json[] | undefined) ?? []) {
      for (const span of (ss.spans as Json[] | undefined) ?? []) {
        const parent = hexOf(span.parentSpanId, protobuf);
        spans.push({
          traceId: hexOf(span.traceId, protobuf)!,
          spanId: hexOf(span.spanId, protobuf)!,
          ...(parent ? { parentSpanId: parent } : {}),
          name: String(span.name),
          kind: Number(span.kind),
          startMs: Number(BigInt(String(span.startTimeUnixNano)) / 1_000_000n),
          endMs: Number(BigInt(String(span.endTimeUnixNano)) / 1_000_000n),
          attributes: attributesOf(span.attributes as Json[] | undefined),
          status: { code: Number((span.status as Json | undefined)?.code ?? 0), message: (span.status as Json | undefined)?.message as string | undefined },
          resource,
        });
      }
    }
  }
  return spans;
}

function decode(body: Buffer, contentType: string): ReceivedSpan[] {
  if (contentType.includes('json')) return spansOf(JSON.parse(body.toString('utf8')) as Json, false);
  const message = ExportTraceServiceRequest.decode(new Uint8Array(body));
  return spansOf(ExportTraceServiceRequest.toObject(message, { longs: String, bytes: String, enums: Number, defaults: false }) as Json, true);
}

export async function startOtlpReceiver(respond: Responder = () => ({ status: 200 })): Promise<OtlpReceiver> {
  const requests: ReceivedRequest[] = [];
  const receiver: OtlpReceiver = {
    url: '',
    requests,
    respond,
    accepted: () => requests.filter((r) => r.status === 200).flatMap((r) => r.spans),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const contentType = String(req.headers['content-type'] ?? '');
      const answer = receiver.respond(requests.length);
      requests.push({ contentType, status: answer.status, spans: decode(Buffer.concat(chunks), contentType), headers: req.headers });
      res.writeHead(answer.status, { 'content-type': contentType.includes('json') ? 'application/json' : 'application/x-protobuf', ...answer.headers });
      res.end(contentType.includes('json') ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}
