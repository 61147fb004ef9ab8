import 'server-only';
import { z } from 'zod';
import type { FilePart, Part, ToolPart } from '@/lib/model/part';

/** Where the parts of one message go. Part ids derive from the entry id: stable across re-reads. */
export interface PartSite {
  sessionID: string;
  messageID: string;
  /** `<sessionID>:<entryID>`; parts append `:<block index>`. */
  idBase: string;
  time: number;
}

const textBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
const thinkingBlock = z.looseObject({ type: z.literal('thinking'), thinking: z.string() });
const imageBlock = z.looseObject({ type: z.literal('image'), data: z.string(), mimeType: z.string().catch('image/*') });
const toolCallBlock = z.looseObject({
  type: z.literal('toolCall'),
  id: z.string(),
  name: z.string(),
  arguments: z.record(z.string(), z.unknown()).catch({}),
});

const BLOB_REF = /^blob:sha256:[0-9a-f]+$/i;

/** Blob refs (`blob:sha256:<hash>`) are shown as they are; the blob store is never read. */
export function imageUrl(data: string, mime: string): string {
  return BLOB_REF.test(data) ? data : `data:${mime};base64,${data}`;
}

function base(site: PartSite, index: number | string) {
  return { id: `${site.idBase}:${index}`, messageID: site.messageID, sessionID: site.sessionID, time: { start: site.time } };
}

function blockPart(block: unknown, site: PartSite, index: number): Part {
  const text = textBlock.safeParse(block);
  if (text.success) return { ...base(site, index), type: 'text', text: text.data.text };
  const thinking = thinkingBlock.safeParse(block);
  if (thinking.success) return { ...base(site, index), type: 'reasoning', text: thinking.data.thinking };
  const image = imageBlock.safeParse(block);
  if (image.success) {
    const part: FilePart = { ...base(site, index), type: 'file', mime: image.data.mimeType, url: imageUrl(image.data.data, image.data.mimeType) };
    return part;
  }
  const call = toolCallBlock.safeParse(block);
  if (call.success) {
    const { id, name, arguments: input } = call.data;
    const part: ToolPart = { ...base(site, index), type: 'tool', callID: id, tool: name, status: 'running', input };
    return part;
  }
  const type = typeof block === 'object' && block !== null && 'type' in block ? String(block.type) : typeof block;
  return { ...base(site, index), type: 'unknown', originalType: `pi:block:${type}`, raw: block };
}

/** Message content (a string or an array of blocks) -> parts in order. */
export function contentParts(content: unknown, site: PartSite, opts: { synthetic?: boolean; ignored?: boolean } = {}): Part[] {
  if (typeof content === 'string') {
    return content ? [{ ...base(site, 0), type: 'text', text: content, ...opts }] : [];
  }
  if (!Array.isArray(content)) return [];
  return content.map((block, i) => {
    const part = blockPart(block, site, i);
    return part.type === 'text' ? { ...part, ...opts } : part;
  });
}

/** Tool result content -> display text; images become their blob ref or a placeholder. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => {
      const text = textBlock.safeParse(block);
      if (text.success) return text.data.text;
      const image = imageBlock.safeParse(block);
      if (image.success) return BLOB_REF.test(image.data.data) ? `[image ${image.data.data}]` : `[image ${image.data.mimeType}]`;
      return '';
    })
    .filter((s) => s.length > 0)
    .join('\n');
}
