// The Anthropic Messages API side of the scripted model server (what Claude Code talks to):
// SSE `message_start` (usage with cache fields), `content_block_*` for thinking, text and tool_use,
// `message_delta` (stop reason, output tokens), `message_stop`; errors as Anthropic error bodies.
import type { ServerResponse } from 'node:http';
import type { PickContext, StreamReply, ToolCallSpec } from './model-server';

export interface AnthropicMessage {
  role: string;
  content?: unknown;
}

export interface AnthropicRequest {
  model?: string;
  system?: unknown;
  messages?: AnthropicMessage[];
  tools?: { name?: string }[];
  [key: string]: unknown;
}

function blocks(content: unknown): { type?: string; text?: string }[] {
  if (typeof content === 'string') return [{ type: 'text', text: content }];
  return Array.isArray(content) ? (content as { type?: string; text?: string }[]) : [];
}

export function anthropicText(content: unknown): string {
  return blocks(content)
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text)
    .join('\n');
}

/** Requests without tools are the client's own (titles, quota checks, summaries). */
export function isAnthropicAuxiliary(request: AnthropicRequest): boolean {
  return !request.tools || request.tools.length === 0;
}

export function anthropicContext(request: AnthropicRequest): PickContext {
  const messages = request.messages ?? [];
  const firstUser = messages.find((m) => m.role === 'user');
  return {
    firstUserText: firstUser ? anthropicText(firstUser.content) : '',
    turn: messages.filter((m) => m.role === 'assistant').length,
    toolResults: messages.flatMap((m) => blocks(m.content)).filter((b) => b.type === 'tool_result').length,
  };
}

/** An Anthropic error answer: 529 is `overloaded_error`, which Claude Code retries. */
export function anthropicError(res: ServerResponse, status: number, message: string): void {
  const type = status === 529 ? 'overloaded_error' : status === 429 ? 'rate_limit_error' : status >= 500 ? 'api_error' : 'invalid_request_error';
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_err_${Date.now().toString(36)}` });
  res.end(JSON.stringify({ type: 'error', error: { type, message } }));
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

function split(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

/** Streams one scripted reply as Messages API SSE. `id` must be unique (it is the response's `message.id`). */
export async function respondAnthropic(
  res: ServerResponse,
  request: AnthropicRequest,
  id: string,
  reply: StreamReply,
  callId: (index: number, call: ToolCallSpec) => string,
): Promise<void> {
  const size = reply.chunkSize ?? 24;
  const delay = reply.delayMs ?? 0;
  const usage = reply.usage ?? { prompt: 100, completion: 10 };
  const cacheRead = usage.cached ?? 0;
  const cacheWrite = usage.cacheWrite ?? 0;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'request-id': `req_${id.slice(4)}` });
  res.flushHeaders();
  let closed = false;
  res.on('close', () => {
    closed = true;
  });
  const send = async (event: string, data: Record<string, unknown>) => {
    if (closed) return;
    res.write(`event: ${event}\ndata: ${JSON.stringify({ type: event, ...data })}\n\n`);
    if (delay > 0) await sleep(delay);
  };
  await send('message_start', {
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: reply.model ?? request.model ?? 'scripted',
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: {
        input_tokens: Math.max(0, usage.prompt - cacheRead - cacheWrite),
        cache_creation_input_tokens: cacheWrite,
        cache_read_input_tokens: cacheRead,
        cache_creation: { ephemeral_5m_input_tokens: cacheWrite, ephemeral_1h_input_tokens: 0 },
        output_tokens: 1,
      },
    },
  });
  let index = 0;
  if (reply.reasoning) {
    await send('content_block_start', { index, content_block: { type: 'thinking', thinking: '', signature: '' } });
    for (const piece of split(reply.reasoning, size)) await send('content_block_delta', { index, delta: { type: 'thinking_delta', thinking: piece } });
    await send('content_block_delta', { index, delta: { type: 'signature_delta', signature: `sig-${id}` } });
    await send('content_block_stop', { index });
    index++;
  }
  if (reply.text) {
    await send('content_block_start', { index, content_block: { type: 'text', text: '' } });
    for (const piece of split(reply.text, size)) await send('content_block_delta', { index, delta: { type: 'text_delta', text: piece } });
    await send('content_block_stop', { index });
    index++;
  }
  const calls = reply.toolCalls ?? [];
  for (const [n, call] of calls.entries()) {
    const args = JSON.stringify(call.input);
    await send('content_block_start', { index, content_block: { type: 'tool_use', id: callId(n, call), name: call.name, input: {} } });
    const half = Math.max(1, Math.floor(args.length / 2));
    await send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: args.slice(0, half) } });
    await send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: args.slice(half) } });
    await send('content_block_stop', { index });
    index++;
  }
  await send('message_delta', {
    delta: { stop_reason: calls.length > 0 ? 'tool_use' : 'end_turn', stop_sequence: null },
    usage: { output_tokens: usage.completion },
  });
  await send('message_stop', {});
  res.end();
}
