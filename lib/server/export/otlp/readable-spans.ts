import 'server-only';
import os from 'node:os';
import { SpanKind, SpanStatusCode, TraceFlags, type HrTime } from '@opentelemetry/api';
import { detectResources, envDetector, resourceFromAttributes, type Resource } from '@opentelemetry/resources';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { SpanRecord } from '@/lib/otel/span-record';

const SCOPE = { name: 'sessionscope' };

/**
 * The person and machine the sessions are from: the resource every exported span carries.
 * OTEL_RESOURCE_ATTRIBUTES and OTEL_SERVICE_NAME add to it and win (a team's tag, Phoenix's
 * `openinference.project.name`).
 */
export function exportResource(user = personName()): Resource {
  const own = resourceFromAttributes({ 'service.name': 'sessionscope', 'host.name': os.hostname(), ...(user ? { 'user.name': user } : {}) });
  return own.merge(detectResources({ detectors: [envDetector] }));
}

export function personName(): string | undefined {
  try {
    return os.userInfo().username || undefined;
  } catch {
    return process.env.USER || undefined;
  }
}

function hrTime(ms: number): HrTime {
  const whole = Math.floor(ms);
  return [Math.floor(whole / 1000), (whole % 1000) * 1_000_000 + Math.round((ms - whole) * 1_000_000)];
}

/**
 * Spans already ended, with the ids the model gave them: handed straight to the official exporter
 * (a tracer would draw random ids and stamp the time of the export, not of the turn).
 */
export function toReadableSpan(record: SpanRecord, resource: Resource): ReadableSpan {
  const context = { traceId: record.traceId, spanId: record.spanId, traceFlags: TraceFlags.SAMPLED };
  const parent = record.parentSpanId ? { traceId: record.traceId, spanId: record.parentSpanId, traceFlags: TraceFlags.SAMPLED } : undefined;
  return {
    name: record.name,
    kind: record.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL,
    spanContext: () => context,
    parentSpanContext: parent,
    startTime: hrTime(record.start),
    endTime: hrTime(record.end),
    duration: hrTime(record.end - record.start),
    status: record.error ? { code: SpanStatusCode.ERROR, message: record.error } : { code: SpanStatusCode.UNSET },
    attributes: record.attributes,
    links: [],
    events: [],
    ended: true,
    resource,
    instrumentationScope: SCOPE,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}
