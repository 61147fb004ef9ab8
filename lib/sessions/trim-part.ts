import type { Part } from '@/lib/model/part';

/** Characters of one field sent with a session page; the timeline shows 30 lines of it anyway. */
export const MAX_FIELD_CHARS = 8_000;

const NOTE = '\n… [cut: open the whole part to see the rest]';

/**
 * A part with its long fields cut to `max` characters (tool outputs of 100 KB, files as data
 * URLs, edit metadata with whole files): a 10,000-part session then loads as a page, not 20 MB.
 * Cut fields are listed in `part.cut` with their full length. Parts with nothing long are returned as is.
 */
export function trimPart(part: Part, max = MAX_FIELD_CHARS): Part {
  const cut: Record<string, number> = {};
  const text = (field: string, value: string): string => {
    if (value.length <= max) return value;
    cut[field] = value.length;
    return value.slice(0, max) + NOTE;
  };
  const object = <T extends Record<string, unknown> | undefined>(field: string, value: T): T | Record<string, unknown> => {
    if (value === undefined) return value;
    if (JSON.stringify(value).length <= max) return value;
    // Keep short values (a path, a command); long ones (file contents, whole diffs) are cut.
    const keep = ([key, v]: [string, unknown]): [string, unknown] => {
      if (typeof v === 'string') return [key, text(`${field}.${key}`, v)];
      const size = JSON.stringify(v ?? null).length;
      if (size <= max) return [key, v];
      cut[`${field}.${key}`] = size;
      return [key, '[cut]'];
    };
    return Object.fromEntries(Object.entries(value).map(keep));
  };
  let trimmed: Part;
  switch (part.type) {
    case 'text':
    case 'reasoning':
      trimmed = { ...part, text: text('text', part.text) };
      break;
    case 'subtask':
      trimmed = { ...part, prompt: text('prompt', part.prompt) };
      break;
    case 'tool':
      trimmed = {
        ...part,
        input: object('input', part.input) as Record<string, unknown>,
        output: part.output === undefined ? undefined : text('output', part.output),
        error: part.error === undefined ? undefined : text('error', part.error),
        metadata: object('metadata', part.metadata),
      };
      break;
    case 'file':
      trimmed = { ...part, url: text('url', part.url) };
      break;
    case 'unknown': {
      const raw = JSON.stringify(part.raw ?? null);
      trimmed = raw.length > max ? { ...part, raw: text('raw', raw) } : part;
      break;
    }
    default:
      return part;
  }
  return Object.keys(cut).length > 0 ? { ...trimmed, cut } : part;
}
