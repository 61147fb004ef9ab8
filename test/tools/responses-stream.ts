// The OpenAI Responses API side of the scripted model server (what Codex CLI talks to: POST
// {base}/responses, stream: true): `response.created`, one `response.output_item.done` per item
// (reasoning, assistant message, function calls), `response.completed` with the usage.
import type { ServerResponse } from 'node:http';
import type { PickContext, StreamReply } from './model-server';

export interface ResponsesItem {
  type?: string;
  role?: string;
  content?: unknown;
  name?: string;
  call_id?: string;
  output?: unknown;
}

export interface ResponsesRequest {
  model?: string;
  input?: ResponsesItem[];
  tools?: { type?: string; name?: string; tools?: { name?: string }[] }[];
  [key: string]: unknown;
}

function itemText(item: ResponsesItem): string {
  if (typeof item.content === 'string') return item.content;
  if (!Array.isArray(item.content)) return '';
  return (item.content as { text?: unknown }[]).map((c) => (typeof c?.text === 'string' ? c.text : '')).join('\n');
}

const MODEL_ITEMS = new Set(['reasoning', 'function_call', 'custom_tool_call', 'local_shell_call', 'web_search_call']);
const isModelItem = (item: ResponsesItem): boolean => MODEL_ITEMS.has(item.type ?? '') || (item.type === 'message' && item.role === 'assistant');

/**
 * The scenario keyword may sit in any user message (the first ones are the harness's
 * `<environment_context>`); a turn is one run of model items in the input (a reply).
 */
export function responsesContext(request: ResponsesRequest): PickContext {
  const input = request.input ?? [];
  let turn = 0;
  let inReply = false;
  for (const item of input) {
    const model = isModelItem(item);
    if (model && !inReply) turn++;
    inReply = model;
  }
  return {
    firstUserText: input.filter((i) => i.type === 'message' && i.role === 'user').map(itemText).join('\n'),
    turn,
    toolResults: input.filter((i) => i.type === 'function_call_output' || i.type === 'custom_tool_call_output').length,
  };
}

/** Tool names offered, namespaced tools as `namespace.name`. */
export function responsesToolNames(request: ResponsesRequest): string[] {
  return (request.tools ?? []).flatMap((t) => (t.type === 'namespace' && Array.isArray(t.tools) ? t.tools.map((n) => `${t.name}.${n.name}`) : [t.name ?? t.type ?? '?']));
}

export function responsesError(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null } }));
}

/** One scripted reply as a Responses API stream; `tag` makes item ids unique per request. */
export function respondResponses(res: ServerResponse, request: ResponsesRequest, responseID: string, tag: string, reply: StreamReply): void {
  const model = reply.model ?? request.model ?? 'scripted';
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  let sequence = 0;
  const send = (type: string, data: Record<string, unknown>): void => {
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`);
  };
  send('response.created', { response: { id: responseID, object: 'response', status: 'in_progress', model, output: [] } });
  const items: Record<string, unknown>[] = [];
  if (reply.reasoning) items.push({ type: 'reasoning', id: `rs_${tag}_${items.length}`, summary: [{ type: 'summary_text', text: reply.reasoning }], encrypted_content: Buffer.from(`scripted-reasoning ${tag}`).toString('base64') });
  if (reply.text) items.push({ type: 'message', id: `msg_${tag}_${items.length}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] });
  for (const [n, call] of (reply.toolCalls ?? []).entries()) {
    items.push({ type: 'function_call', id: `fc_${tag}_${n}`, call_id: call.id ?? `call_${tag}_${n}`, name: call.name, ...(call.namespace ? { namespace: call.namespace } : {}), arguments: JSON.stringify(call.input), status: 'completed' });
  }
  items.forEach((item, index) => {
    send('response.output_item.added', { output_index: index, item });
    if (item.type === 'message') send('response.output_text.delta', { output_index: index, item_id: item.id, content_index: 0, delta: reply.text });
    send('response.output_item.done', { output_index: index, item });
  });
  const usage = reply.usage ?? { prompt: 100, completion: 10 };
  send('response.completed', {
    response: {
      id: responseID,
      object: 'response',
      status: 'completed',
      model,
      output: items,
      usage: {
        input_tokens: usage.prompt,
        input_tokens_details: { cached_tokens: usage.cached ?? 0 },
        output_tokens: usage.completion,
        output_tokens_details: { reasoning_tokens: usage.reasoning ?? 0 },
        total_tokens: usage.prompt + usage.completion,
      },
    },
  });
  res.end();
}
