import 'server-only';
import { z } from 'zod';
import type { Part, ToolPart } from '@/lib/model/part';
import type { PartSite } from '../pi/pi-content';

const textBlock = z.looseObject({ type: z.literal('text'), text: z.string() });
const thinkingBlock = z.looseObject({ type: z.literal('thinking'), thinking: z.string() });
const toolUseBlock = z.looseObject({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.record(z.string(), z.unknown()).catch({}) });
const imageBlock = z.looseObject({
  type: z.literal('image'),
  source: z.looseObject({ type: z.string().optional(), media_type: z.string().catch('image/*'), data: z.string().optional(), url: z.string().optional() }),
});

function base(site: PartSite, index: number) {
  return { id: `${site.idBase}:${index}`, messageID: site.messageID, sessionID: site.sessionID, time: { start: site.time } };
}

/** A block is read by the one schema its `type` names (a block of another type fails the others anyway). */
function blockPart(block: unknown, site: PartSite, index: number, synthetic: boolean): Part {
  const kind = typeof block === 'object' && block !== null ? (block as { type?: unknown }).type : undefined;
  const text = kind === 'text' ? textBlock.safeParse(block) : undefined;
  if (text?.success) return { ...base(site, index), type: 'text', text: text.data.text, ...(synthetic ? { synthetic } : {}) };
  const thinking = kind === 'thinking' ? thinkingBlock.safeParse(block) : undefined;
  if (thinking?.success) return { ...base(site, index), type: 'reasoning', text: thinking.data.thinking };
  const tool = kind === 'tool_use' ? toolUseBlock.safeParse(block) : undefined;
  if (tool?.success) {
    const part: ToolPart = { ...base(site, index), type: 'tool', callID: tool.data.id, tool: tool.data.name, status: 'running', input: tool.data.input };
    return part;
  }
  const image = kind === 'image' ? imageBlock.safeParse(block) : undefined;
  if (image?.success) {
    const { media_type: mime, data, url } = image.data.source;
    return { ...base(site, index), type: 'file', mime, url: url ?? `data:${mime};base64,${data ?? ''}` };
  }
  const type = typeof block === 'object' && block !== null && 'type' in block ? String(block.type) : typeof block;
  return { ...base(site, index), type: 'unknown', originalType: `claude:block:${type}`, raw: block };
}

/** Content blocks (or a plain string) -> parts. `tool_result` blocks are handled by the caller. */
export function claudeParts(content: string | readonly unknown[], site: PartSite, synthetic = false): Part[] {
  if (typeof content === 'string') return content ? [blockPart({ type: 'text', text: content }, site, 0, synthetic)] : [];
  return content.flatMap((block, i) => (isToolResult(block) ? [] : [blockPart(block, site, i, synthetic)]));
}

export function isToolResult(block: unknown): boolean {
  return typeof block === 'object' && block !== null && (block as { type?: unknown }).type === 'tool_result';
}

/** tool_result content: a string, or text/image blocks. */
export function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => {
      const text = textBlock.safeParse(block);
      if (text.success) return text.data.text;
      return imageBlock.safeParse(block).success ? '[image]' : '';
    })
    .filter((s) => s.length > 0)
    .join('\n');
}
