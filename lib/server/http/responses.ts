import 'server-only';
import type { z } from 'zod';

const NO_STORE = { 'Cache-Control': 'no-store' };

export function json(data: unknown, status = 200): Response {
  return Response.json(data, { status, headers: NO_STORE });
}

export function jsonError(status: number, error: string, details?: unknown): Response {
  return Response.json({ error, ...(details === undefined ? {} : { details }) }, { status, headers: NO_STORE });
}

/** Parses query parameters with a zod schema; a bad request gets a 400 naming the fields. */
export function parseQuery<S extends z.ZodType>(request: Request, schema: S): { ok: true; value: z.infer<S> } | { ok: false; response: Response } {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const parsed = schema.safeParse(params);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fields = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  return { ok: false, response: jsonError(400, 'invalid query parameters', fields) };
}

/** A file to save: `Content-Disposition: attachment` with a plain ASCII file name. */
export function download(body: string, filename: string, contentType: string): Response {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return new Response(body, { headers: { 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${safe}"`, ...NO_STORE } });
}

export function downloadAs(format: 'csv' | 'json', data: unknown, csv: () => string, basename: string): Response {
  return format === 'csv'
    ? download(csv(), `${basename}.csv`, 'text/csv; charset=utf-8')
    : download(`${JSON.stringify(data, null, 2)}\n`, `${basename}.json`, 'application/json; charset=utf-8');
}
