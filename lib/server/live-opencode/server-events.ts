import 'server-only';
import { z } from 'zod';

// The bus events of OpenCode's server that Sessionscope uses (as sent by 1.18.33 on `/event`, and
// wrapped as `{directory, payload}` on `/global/event`). Lenient: unknown fields pass, anything
// else is ignored.

const statusSchema = z.looseObject({
  type: z.enum(['busy', 'retry', 'idle']),
  attempt: z.number().optional(),
  message: z.string().optional(),
});

export const permissionSchema = z.looseObject({
  id: z.string(),
  sessionID: z.string(),
  permission: z.string().catch('permission'),
  patterns: z.array(z.string()).catch([]),
});
export type ServerPermission = z.infer<typeof permissionSchema>;

const partSchema = z.looseObject({
  id: z.string(),
  sessionID: z.string(),
  messageID: z.string(),
  type: z.string(),
  text: z.string().optional(),
  time: z.looseObject({ start: z.number().optional(), end: z.number().optional() }).optional(),
});

const eventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session.status'), properties: z.looseObject({ sessionID: z.string(), status: statusSchema }) }),
  z.object({ type: z.literal('session.idle'), properties: z.looseObject({ sessionID: z.string() }) }),
  z.object({ type: z.literal('permission.asked'), properties: permissionSchema }),
  // `permission.updated` is the older name of `permission.asked`.
  z.object({ type: z.literal('permission.updated'), properties: permissionSchema }),
  z.object({ type: z.literal('permission.replied'), properties: z.looseObject({ sessionID: z.string(), requestID: z.string().optional(), permissionID: z.string().optional() }) }),
  z.object({ type: z.literal('message.part.updated'), properties: z.looseObject({ part: partSchema, delta: z.string().optional() }) }),
  z.object({
    type: z.literal('message.part.delta'),
    properties: z.looseObject({ sessionID: z.string(), messageID: z.string(), partID: z.string(), field: z.string(), delta: z.string() }),
  }),
]);
export type ServerEvent = z.infer<typeof eventSchema>;

const wrapped = z.looseObject({ directory: z.string().optional(), payload: z.unknown() });

/** One `data:` line of the event stream: the event and the project folder it came from, or undefined if it is none we use. */
export function parseServerEvent(data: string): { event: ServerEvent; directory?: string } | undefined {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return undefined;
  }
  const outer = wrapped.safeParse(value);
  const isWrapped = outer.success && outer.data.payload !== undefined;
  const parsed = eventSchema.safeParse(isWrapped ? outer.data.payload : value);
  if (!parsed.success) return undefined;
  const directory = isWrapped && outer.data.directory && outer.data.directory !== 'global' ? outer.data.directory : undefined;
  return { event: parsed.data, directory };
}

export const sessionStatusMapSchema = z.record(z.string(), statusSchema.or(z.unknown().transform(() => undefined)));
export const permissionListSchema = z.array(permissionSchema.or(z.unknown().transform(() => undefined)));
export const healthSchema = z.looseObject({ healthy: z.boolean().optional(), version: z.string().optional() });
export const pathSchema = z.looseObject({ directory: z.string().optional() });
