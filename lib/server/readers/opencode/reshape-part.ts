import type { Part } from '@/lib/model/part';
import { z } from 'zod';
import { taskChildSessionID } from './task-child';
import { rawErrorSchema, rawPartBaseSchema, rawTokensSchema, rawToolStateSchema, type RawPartBase } from './raw-schemas';
import { reshapeTokens } from './reshape-tokens';
import { parseFailure, type Reshaped } from './reshaped';

const str = z.string();
const typeSchemas = {
  text: z.object({ text: str.catch(''), synthetic: z.boolean().nullish(), ignored: z.boolean().nullish() }),
  reasoning: z.object({ text: str.catch('') }),
  tool: z.object({ callID: str.catch(''), tool: str, state: rawToolStateSchema }),
  file: z.object({ mime: str.catch('application/octet-stream'), filename: str.nullish(), url: str.catch(''), source: z.object({ path: str.nullish() }).partial().nullish() }),
  snapshot: z.object({ snapshot: str }),
  patch: z.object({ hash: str.catch(''), files: z.array(str).catch([]) }),
  agent: z.object({ name: str }),
  compaction: z.object({ auto: z.boolean().catch(false) }),
  subtask: z.object({ prompt: str.catch(''), description: str.catch(''), agent: str.catch('') }),
  retry: z.object({ attempt: z.number().catch(0), error: z.union([rawErrorSchema, str]).nullish(), time: z.object({ created: z.number().nullish() }).partial().nullish() }),
  'step-start': z.object({ snapshot: str.nullish() }),
  'step-finish': z.object({ reason: str.catch('unknown'), cost: z.number().catch(0), tokens: rawTokensSchema.nullish() }),
} as const;

type KnownType = keyof typeof typeSchemas;
function isKnownType(type: string): type is KnownType {
  return Object.hasOwn(typeSchemas, type);
}

function errorText(error: unknown): string {
  if (typeof error === 'string') return error;
  const parsed = rawErrorSchema.safeParse(error);
  if (!parsed.success) return 'error';
  return parsed.data.data?.message ?? parsed.data.message ?? parsed.data.name ?? 'error';
}

function reshapeKnown(base: RawPartBase, type: KnownType, value: unknown): Reshaped<Part> {
  const common = { id: base.id, messageID: base.messageID, sessionID: base.sessionID };
  const time = base.time ? { start: base.time.start ?? base.time.created ?? undefined, end: base.time.end ?? undefined } : undefined;
  const withTime = time ? { ...common, time } : common;
  const parsed = typeSchemas[type].safeParse(value);
  if (!parsed.success) return parseFailure(parsed.error);
  const d = parsed.data;
  switch (type) {
    case 'text': {
      const t = d as z.infer<(typeof typeSchemas)['text']>;
      return { ok: true, value: { ...withTime, type, text: t.text, synthetic: t.synthetic ?? undefined, ignored: t.ignored ?? undefined } };
    }
    case 'reasoning':
      return { ok: true, value: { ...withTime, type, text: (d as { text: string }).text } };
    case 'tool': {
      const t = d as z.infer<(typeof typeSchemas)['tool']>;
      const s = t.state;
      return {
        ok: true,
        value: {
          ...common,
          time: { start: s.time?.start ?? undefined, end: s.time?.end ?? undefined },
          type,
          callID: t.callID,
          tool: t.tool,
          status: s.status,
          input: s.input ?? {},
          title: s.title ?? undefined,
          output: s.output ?? undefined,
          error: s.error ?? undefined,
          metadata: s.metadata ?? undefined,
          compacted: s.time?.compacted ?? undefined,
          childSessionID: taskChildSessionID(t.tool, s.metadata, s.output),
        },
      };
    }
    case 'file': {
      const f = d as z.infer<(typeof typeSchemas)['file']>;
      return { ok: true, value: { ...withTime, type, mime: f.mime, filename: f.filename ?? undefined, url: f.url, sourcePath: f.source?.path ?? undefined } };
    }
    case 'snapshot':
      return { ok: true, value: { ...withTime, type, snapshot: (d as { snapshot: string }).snapshot } };
    case 'patch': {
      const p = d as z.infer<(typeof typeSchemas)['patch']>;
      return { ok: true, value: { ...withTime, type, hash: p.hash, files: p.files } };
    }
    case 'agent':
      return { ok: true, value: { ...withTime, type, name: (d as { name: string }).name } };
    case 'compaction':
      return { ok: true, value: { ...withTime, type, auto: (d as { auto: boolean }).auto } };
    case 'subtask': {
      const s = d as z.infer<(typeof typeSchemas)['subtask']>;
      return { ok: true, value: { ...withTime, type, prompt: s.prompt, description: s.description, agent: s.agent } };
    }
    case 'retry': {
      const r = d as z.infer<(typeof typeSchemas)['retry']>;
      return { ok: true, value: { ...withTime, type, attempt: r.attempt, error: errorText(r.error), created: r.time?.created ?? undefined } };
    }
    case 'step-start':
      return { ok: true, value: { ...withTime, type, snapshot: (d as { snapshot?: string | null }).snapshot ?? undefined } };
    case 'step-finish': {
      const s = d as z.infer<(typeof typeSchemas)['step-finish']>;
      return { ok: true, value: { ...withTime, type, reason: s.reason, cost: s.cost, tokens: reshapeTokens(s.tokens) } };
    }
  }
}

/** Raw part record -> domain part. A type this version does not know becomes an `unknown` part. */
export function reshapePart(value: unknown): Reshaped<Part> {
  const base = rawPartBaseSchema.safeParse(value);
  if (!base.success) return parseFailure(base.error);
  const type = base.data.type;
  if (isKnownType(type)) return reshapeKnown(base.data, type, value);
  return {
    ok: true,
    value: { id: base.data.id, messageID: base.data.messageID, sessionID: base.data.sessionID, type: 'unknown', originalType: type, raw: value },
  };
}
